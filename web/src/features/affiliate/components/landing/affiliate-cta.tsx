import { ArrowRight } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { loginUrl } from '@/lib/login-redirect';
import { SIGN_UP_URL } from './affiliate-nav';
import { PageSection } from '@/components/layout/page-section';

export function AffiliateCta() {
  return (
    <PageSection testId="affiliate-cta" headingId="affiliate-cta-title" className="bg-stone-50 py-16 sm:py-24">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-900 to-brand-700 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-gold-400/20 blur-3xl"
        />
        <h2 id="affiliate-cta-title" className="relative text-3xl font-bold tracking-tight sm:text-4xl">
          Start earning with your network
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-brand-100">
          Join the affiliate program today: your referral link is ready the moment you register.
        </p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <a href={SIGN_UP_URL} className={buttonVariants({ variant: 'gold', size: 'lg' })} data-testid="affiliate-signup-cta">
            Become an Affiliate
            <ArrowRight aria-hidden="true" />
          </a>
          <a href={loginUrl('/affiliate/dashboard')} className={buttonVariants({ variant: 'outline-light', size: 'lg' })}>
            I am already an affiliate
          </a>
        </div>
      </div>
    </PageSection>
  );
}
