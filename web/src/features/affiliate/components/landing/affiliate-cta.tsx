import { ArrowRight } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { loginUrl } from '@/lib/login-redirect';
import { SIGN_UP_URL } from './affiliate-nav';
import { CtaBanner } from '@/components/layout/cta-banner';

export function AffiliateCta() {
  return (
    <CtaBanner
      testId="affiliate-cta"
      headingId="affiliate-cta-title"
      title="Start earning with your network"
      text="Join the affiliate program today: your referral link is ready the moment you register."
    >
      <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <a href={SIGN_UP_URL} className={buttonVariants({ variant: 'gold', size: 'lg' })} data-testid="affiliate-signup-cta">
          Become an Affiliate
          <ArrowRight aria-hidden="true" />
        </a>
        <a href={loginUrl('/affiliate/dashboard')} className={buttonVariants({ variant: 'outline-light', size: 'lg' })}>
          I am already an affiliate
        </a>
      </div>
    </CtaBanner>
  );
}
