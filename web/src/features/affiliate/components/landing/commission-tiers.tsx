import { COMMISSION_TIERS } from '@acres/contracts/commission';
import { Award, Medal, Trophy } from 'lucide-react';
import { cn } from '@/lib/cn';
import { PageSection } from '@/components/layout/page-section';
import { formatRate, ordinal } from '@/features/affiliate/lib/format';

const ICONS = [Medal, Award, Trophy];

function tierCondition(fromVerifiedSale: number, nextFrom: number | undefined): string {
  if (fromVerifiedSale === 1) return nextFrom ? `Your 1st to ${ordinal(nextFrom - 1)} verified sale` : 'Every verified sale';
  return nextFrom
    ? `From your ${ordinal(fromVerifiedSale)} to your ${ordinal(nextFrom - 1)} verified sale`
    : `From your ${ordinal(fromVerifiedSale)} verified sale onwards`;
}

/** SPEC 9: 5% standard, 7.5% for 10+ sales, 10% for 25+ sales (contracts COMMISSION_TIERS). */
export function CommissionTiers() {
  return (
    <PageSection
      id="tiers"
      testId="commission-tiers"
      headingId="tiers-title"
      className="bg-stone-50 py-16 sm:py-24"
      heading={{
        eyebrow: 'Commission tiers',
        title: 'The more you sell, the more each sale earns',
        description:
          'Your rate rises with your verified sales. A tier applies from the sale that reaches it, and the rate of each sale is fixed when it is verified.',
      }}
    >
      <ol className="mt-12 grid gap-5 md:grid-cols-3">
        {COMMISSION_TIERS.map((tier, index) => {
          const Icon = ICONS[index] ?? Trophy;
          const featured = index === COMMISSION_TIERS.length - 1;
          return (
            <li
              key={tier.rateBps}
              data-testid="commission-tier"
              className={cn(
                'relative flex flex-col rounded-2xl border p-7 shadow-sm',
                featured ? 'border-brand-800 bg-brand-900 text-white' : 'border-slate-200 bg-white',
              )}
            >
              <span
                className={cn(
                  'flex size-11 items-center justify-center rounded-xl',
                  featured ? 'bg-gold-400 text-brand-950' : 'bg-brand-50 text-brand-700',
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3
                className={cn('mt-5 text-sm font-semibold tracking-wide uppercase', featured ? 'text-gold-300' : 'text-gold-700')}
              >
                {tier.label}
              </h3>
              <p className={cn('mt-1 text-5xl font-extrabold tracking-tight', featured ? 'text-white' : 'text-brand-950')}>
                {formatRate(tier.rateBps)}
              </p>
              <p className={cn('mt-3 text-sm leading-relaxed', featured ? 'text-brand-100' : 'text-slate-600')}>
                {tierCondition(tier.fromVerifiedSale, COMMISSION_TIERS[index + 1]?.fromVerifiedSale)}, on the amount the client
                paid.
              </p>
            </li>
          );
        })}
      </ol>
    </PageSection>
  );
}
