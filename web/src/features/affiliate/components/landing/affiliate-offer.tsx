import { SectionHeading } from '@/components/layout/section-heading';
import { OfferFigures } from '../offer-figures';

/** What the affiliate sells, in figures a buyer can check. */
export function AffiliateOffer() {
  return (
    <section
      id="offer"
      aria-labelledby="affiliate-offer-title"
      data-testid="affiliate-offer"
      className="bg-brand-950 py-16 text-white sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading
          id="affiliate-offer-title"
          tone="dark"
          eyebrow="What you will be sharing"
          title="An offer that is easy to explain"
          description="Wholesale land in an industrial corridor, with buyer protections your clients will ask about."
        />
        <OfferFigures tone="dark" className="mt-12" />
      </div>
    </section>
  );
}
