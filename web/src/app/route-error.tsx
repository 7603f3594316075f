import { Component, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';

/** Last-resort error screen, e.g. when a lazy chunk fails to load after a deploy. */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : 'Unknown error';
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold text-brand-950">Something went wrong</h1>
      <p className="text-slate-600">The page could not be shown. Reloading usually helps.</p>
      <p className="text-xs break-all text-slate-500">{detail}</p>
      <div className="flex gap-3">
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Go home
        </Link>
      </div>
    </main>
  );
}

type BoundaryProps = { children: ReactNode; resetKey: string };
type BoundaryState = { error: unknown; resetKey: string } | { error: null; resetKey: string };

/** Shows RouteError for what a page throws; navigating to another path tries again. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}
