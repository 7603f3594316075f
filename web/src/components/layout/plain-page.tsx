import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { HomeLink } from './home-link';
import { SiteFooter } from './site-footer';

/** A page of its own outside the app's screens: the brand and the way back home, its content, the footer. */
export function PlainPage({ width, testId, children }: { width: 'max-w-xl' | 'max-w-3xl'; testId: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-5 sm:px-8">
          <HomeLink />
          <Link to="/" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to home
          </Link>
        </div>
      </header>
      <main className={`mx-auto w-full ${width} flex-1 px-5 py-10 sm:px-8 sm:py-14`} data-testid={testId}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
