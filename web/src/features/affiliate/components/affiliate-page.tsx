import { useEffect } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { AffiliateCta } from './landing/affiliate-cta';
import { AffiliateHero } from './landing/affiliate-hero';
import { AffiliateNav } from './landing/affiliate-nav';
import { AffiliateOffer } from './landing/affiliate-offer';
import { AffiliateSteps } from './landing/affiliate-steps';
import { CommissionTiers } from './landing/commission-tiers';

/** /affiliate (SPEC 2): commission tiers, how it works, and sign-up buttons to the login with a return to onboarding. */
export function AffiliatePage() {
  useEffect(() => {
    document.title = 'Affiliate Program — Acres Wholesale';
  }, []);
  return (
    <div className="min-h-dvh overflow-x-clip bg-stone-50" data-testid="affiliate">
      <AffiliateNav />
      <main>
        <AffiliateHero />
        <CommissionTiers />
        <AffiliateSteps />
        <AffiliateOffer />
        <AffiliateCta />
      </main>
      <SiteFooter />
    </div>
  );
}
