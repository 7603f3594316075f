import { MapPinned } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = 'Page not found — Acres';
  }, []);
  return (
    <main
      data-testid="not-found"
      className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-stone-50 px-6 text-center"
    >
      <div className="flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <MapPinned className="size-8" aria-hidden="true" />
      </div>
      <p className="text-sm font-semibold tracking-widest text-gold-700 uppercase">404</p>
      <h1 className="text-3xl font-bold text-brand-950">Page not found</h1>
      <p className="max-w-md text-slate-600">
        There is no page at <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm break-all">{pathname}</code>. It may have
        moved, or the link may be mistyped.
      </p>
      <Link to="/" className={buttonVariants({ size: 'lg' })}>
        Back to the home page
      </Link>
    </main>
  );
}
