import { formatMillions } from '@acres/contracts';
import type { Holdings } from '../lib/holdings';

/** Three figures an investor looks for first: secured acres, money confirmed, what awaits review. */
export function PortfolioSummary({ holdings: s }: { holdings: Holdings }) {
  const tiles = [
    { label: 'Acres secured', value: `${s.securedAcres}`, note: 'Verified in escrow', testId: 'summary-acres' },
    { label: 'Confirmed in escrow', value: formatMillions(s.confirmedAmount), note: 'Verified amount', testId: 'summary-amount' },
    {
      label: 'Awaiting review',
      value: `${s.reviewCount}`,
      note: s.reviewCount === 0 ? 'Nothing pending' : `${s.reviewAcres} ${s.reviewAcres === 1 ? 'acre' : 'acres'} pending`,
      testId: 'summary-pending',
    },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4">
      {tiles.map((tile) => (
        <div
          key={tile.label}
          className="rounded-xl border border-white/10 bg-white/10 px-3 py-3 sm:px-5 sm:py-4"
          data-testid={tile.testId}
        >
          <dt className="text-[11px] font-medium tracking-wide text-brand-100 uppercase sm:text-xs">{tile.label}</dt>
          <dd className="mt-1 text-xl font-bold text-white sm:text-2xl">{tile.value}</dd>
          <dd className="mt-0.5 hidden text-xs text-brand-200 sm:block">{tile.note}</dd>
        </div>
      ))}
    </dl>
  );
}
