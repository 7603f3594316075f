import { COMMISSION_TIERS } from '@acres/contracts/commission';
import { computeCommission, formatMillions } from '@acres/contracts/money';
import { ArrowRight, BadgeCheck } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { formatRate, ordinal } from '@/features/affiliate/lib/format';
import { useOffer } from '@/lib/use-offer';
import { SIGN_UP_URL } from './affiliate-nav';

const topRate = COMMISSION_TIERS[COMMISSION_TIERS.length - 1]!.rateBps;

export function AffiliateHero() {
  // The example sale is the minimum allocation in force: what a typical first buyer takes.
  const { terms } = useOffer();
  const EXAMPLE_SALE = terms.minimumAcres * terms.pricePerAcre;
  return (
    <section
      aria-labelledby="affiliate-hero-title"
      data-testid="affiliate-hero"
      className="relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full bg-gold-400/15 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-40 -left-24 size-96 rounded-full bg-brand-600/30 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl gap-10 px-5 py-14 sm:px-8 md:py-20 lg:grid-cols-[1.1fr_0.9fr] lg:items-center">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-gold-300/40 bg-white/5 px-3 py-1 text-xs font-semibold tracking-wide text-gold-200 uppercase">
            <span className="size-1.5 rounded-full bg-gold-400" aria-hidden="true" />
            Affiliate Program
          </p>
          <h1 id="affiliate-hero-title" className="mt-5 text-4xl leading-[1.08] font-extrabold tracking-tight sm:text-5xl">
            Earn up to <span className="text-gold-400">{formatRate(topRate)}</span> on every land sale you refer
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-brand-100">
            Share your personal link with developers, realtors and investors. When they buy acres in our 200-acre
            industrial-corridor project and the sale is verified, you earn a commission on the amount paid.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href={SIGN_UP_URL} className={buttonVariants({ variant: 'gold', size: 'lg' })} data-testid="affiliate-signup">
              Become an Affiliate
              <ArrowRight aria-hidden="true" />
            </a>
            <a href="#how-it-works" className={buttonVariants({ variant: 'outline-light', size: 'lg' })}>
              How it works
            </a>
          </div>
          <p className="mt-5 inline-flex items-center gap-2 text-sm text-brand-200">
            <BadgeCheck className="size-4 text-gold-300" aria-hidden="true" />
            Free to join. Commission rates are fixed when each sale is verified.
          </p>
        </div>

        <div className="rounded-2xl border border-white/15 bg-white/[0.07] p-6 shadow-2xl backdrop-blur-sm sm:p-7">
          <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">
            Your commission on a {formatMillions(EXAMPLE_SALE)} sale
          </p>
          <p className="mt-1 text-sm text-brand-100/80">
            {terms.minimumAcres} acres at {formatMillions(terms.pricePerAcre)} per acre, the minimum allocation
          </p>
          <dl className="mt-5 divide-y divide-white/10">
            {COMMISSION_TIERS.map((tier) => (
              <div key={tier.rateBps} className="flex items-baseline justify-between gap-4 py-3">
                <dt className="text-sm text-brand-100">
                  <span className="font-semibold text-white">{formatRate(tier.rateBps)}</span> ·{' '}
                  {tier.fromVerifiedSale === 1 ? 'standard' : `from your ${ordinal(tier.fromVerifiedSale)} verified sale`}
                </dt>
                <dd className="text-2xl font-bold text-gold-400">
                  {formatMillions(computeCommission(EXAMPLE_SALE, tier.rateBps))}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
