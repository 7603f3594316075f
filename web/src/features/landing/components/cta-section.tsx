import { PARTNER_SLOTS } from '@acres/contracts/constants';
import { Clock } from 'lucide-react';
import { CtaBanner } from '@/components/layout/cta-banner';
import { ReserveActions } from './reserve-actions';

export function CtaSection({ onReserve, onApply }: { onReserve: () => void; onApply: () => void }) {
  return (
    <CtaBanner
      id="cta"
      headingId="cta-title"
      title={<>Only {PARTNER_SLOTS} partner slots</>}
      text="Reserve yours today and receive the full due-diligence package before you commit a single naira."
    >
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
