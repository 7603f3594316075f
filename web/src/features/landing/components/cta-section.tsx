import { PARTNER_SLOTS } from '@acres/contracts/constants';
import { ArrowRight, Clock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageSection } from '@/components/layout/page-section';

export function CtaSection({ onReserve, onApply }: { onReserve: () => void; onApply: () => void }) {
  return (
    <PageSection id="cta" testId="cta" headingId="cta-title" className="bg-stone-50 py-16 sm:py-24">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-900 to-brand-700 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-gold-400/20 blur-3xl"
        />
        <h2 id="cta-title" className="relative text-3xl font-bold tracking-tight sm:text-4xl">
          Only {PARTNER_SLOTS} partner slots
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-brand-100">
          Reserve yours today and receive the full due-diligence package before you commit a single naira.
        </p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button variant="gold" size="lg" onClick={onReserve} data-testid="cta-reserve">
            Reserve a Slot
            <ArrowRight aria-hidden="true" />
          </Button>
          <Button variant="outline-light" size="lg" onClick={onApply} data-testid="cta-apply">
            Full Application
          </Button>
        </div>
        <p className="relative mt-6 inline-flex items-center gap-2 text-sm font-medium text-gold-200" data-testid="cta-promise">
          <Clock className="size-4" aria-hidden="true" />
          Response within 24 hours guaranteed
        </p>
      </div>
    </PageSection>
  );
}
