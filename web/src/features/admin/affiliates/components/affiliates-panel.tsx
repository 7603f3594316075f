import { AffiliatesProfilesSection } from './affiliates-profiles-section';
import { AffiliatesSalesSection } from './affiliates-sales-section';
import { PayoutsSection } from './payouts-section';

/** The Affiliates tab: the sales waiting for a decision first, then the affiliates themselves, then their payouts. */
export function AffiliatesPanel() {
  return (
    <div className="flex flex-col gap-10">
      <AffiliatesSalesSection />
      <AffiliatesProfilesSection />
      <PayoutsSection />
    </div>
  );
}
