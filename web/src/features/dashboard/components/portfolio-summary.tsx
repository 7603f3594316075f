import { formatMillions, type Payment } from '@acres/contracts';

type Summary = { approvedAcres: number; approvedAmount: number; pendingCount: number; pendingAcres: number };

function summarize(payments: readonly Payment[]): Summary {
  const summary: Summary = { approvedAcres: 0, approvedAmount: 0, pendingCount: 0, pendingAcres: 0 };
  for (const payment of payments) {
    if (payment.status === 'approved') {
      summary.approvedAcres += payment.acres;
      summary.approvedAmount += payment.amount;
    } else if (payment.status !== 'rejected') {
      summary.pendingCount += 1;
      summary.pendingAcres += payment.acres;
    }
  }
  return summary;
}

/** Three figures an investor looks for first: secured acres, money confirmed, what awaits review. */
export function PortfolioSummary({ payments }: { payments: readonly Payment[] }) {
  const s = summarize(payments);
  const tiles = [
    { label: 'Acres secured', value: `${s.approvedAcres}`, note: 'Approved payments', testId: 'summary-acres' },
    { label: 'Confirmed in escrow', value: formatMillions(s.approvedAmount), note: 'Approved amount', testId: 'summary-amount' },
    {
      label: 'Awaiting review',
      value: `${s.pendingCount}`,
      note: s.pendingCount === 0 ? 'Nothing pending' : `${s.pendingAcres} ${s.pendingAcres === 1 ? 'acre' : 'acres'} pending`,
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
