import { LogIn } from 'lucide-react';
import { HomeLink } from '@/components/layout/home-link';
import { buttonVariants } from '@/components/ui/button';
import { loginUrl } from '@/lib/login-redirect';

export const SIGN_UP_URL = loginUrl('/affiliate/onboarding');

export function AffiliateNav() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-8">
        <HomeLink className="shrink-0" compact />
        <ul className="hidden items-center gap-6 text-sm font-medium text-slate-700 lg:flex">
          <li>
            <a href="#tiers" className="hover:text-brand-700">
              Commission tiers
            </a>
          </li>
          <li>
            <a href="#how-it-works" className="hover:text-brand-700">
              How it works
            </a>
          </li>
          <li>
            <a href="#offer" className="hover:text-brand-700">
              The offer
            </a>
          </li>
        </ul>
        <div className="flex items-center gap-1 sm:gap-2">
          <a
            href={loginUrl('/affiliate/dashboard')}
            data-testid="affiliate-signin"
            className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-brand-900 hover:bg-brand-50 sm:px-3"
          >
            <LogIn className="size-4" aria-hidden="true" />
            Sign in
          </a>
          <a
            href={SIGN_UP_URL}
            className={buttonVariants({ size: 'sm', className: 'px-3 sm:px-4' })}
            data-testid="affiliate-signup-nav"
          >
            Join now
          </a>
        </div>
      </nav>
    </header>
  );
}
