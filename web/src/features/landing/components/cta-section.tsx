import { Clock } from 'lucide-react';
import { CtaBanner } from '@/components/layout/cta-banner';
import { LANDING_PROMISE, packagePromise } from '@acres/contracts/package-promise';
import { useBusinessSettings } from '@/lib/business-settings';
import { useOffer } from '@/lib/use-offer';
import { ReserveActions } from './reserve-actions';

export function CtaSection({ onReserve, onApply }: { onReserve: () => void; onApply: () => void }) {
  // While the settings load (and in the prerendered page), the package is not promised.
  const promise = packagePromise(LANDING_PROMISE, useBusinessSettings().data?.packageReady ?? false);
  const { partnerSlots } = useOffer();
  return (
    <CtaBanner id="cta" headingId="cta-title" title={<>Only {partnerSlots} partner slots</>} text={promise}>
      <ReserveActions
        onReserve={onReserve}
        onApply={onApply}
        testIdPrefix="cta"
        className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row"
      />
      <p className="relative mt-6 inline-flex items-center gap-2 text-sm font-medium text-gold-200" data-testid="cta-promise">
        <Clock className="size-4" aria-hidden="true" />
        Response within 24 hours guaranteed
      </p>
    </CtaBanner>
  );
}
