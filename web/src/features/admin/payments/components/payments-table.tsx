import {
  type AdminPaymentsResponse,
  describeAmountDifference,
  formatMillions,
  formatNaira,
  type Payment,
} from '@acres/contracts';
import { formatDate, formatDateTime } from '@/features/admin/shell/lib/format-date';
import type { AdminList } from '@/features/admin/shell/components/admin-list-panel';
import type { DataColumn } from '@/features/admin/shell/components/data-table';
import { RowCard, Stacked } from '@/features/admin/shell/components/row-parts';
import { StatusBadge } from '@/features/admin/shell/components/status-badge';

/** The submitter as the users read model knows them: their name, else their email, never a piece of their id. */
export function submitterName(payment: Payment): string {
  return payment.submitterName || payment.submitterEmail || 'An investor without a name';
}

export function acresLabel(acres: number): string {
  return `${acres.toLocaleString('en-NG')} acre${acres === 1 ? '' : 's'}`;
}

const columns: readonly DataColumn<Payment>[] = [
  {
    id: 'submitter',
    header: 'Submitted by',
    cell: (p) => <Stacked value={submitterName(p)} detail={p.submitterEmail && p.submitterName ? p.submitterEmail : null} />,
  },
  {
    id: 'acres',
    header: 'Acres',
    align: 'right',
    cell: (p) => <span className="font-semibold tabular-nums">{p.acres.toLocaleString('en-NG')}</span>,
  },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (p) => (
      <span className="flex flex-col items-end">
        <span className="font-semibold text-slate-900 tabular-nums">{formatMillions(p.amount)}</span>
        <span className="text-xs text-slate-500 tabular-nums">{formatNaira(p.amount)}</span>
        <AmountDifference payment={p} />
      </span>
    ),
  },
  { id: 'status', header: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
  {
    id: 'date',
    header: 'Submitted',
    className: 'whitespace-nowrap text-slate-600',
    cell: (p) => <time dateTime={p.submittedAt}>{formatDateTime(p.submittedAt)}</time>,
  },
  {
    id: 'decided-by',
    header: 'Decided by',
    className: 'text-slate-700',
    cell: (p) => (p.approvedBy ? <span className="font-medium">{p.approvedBy}</span> : <NotYet />),
  },
  {
    id: 'decided-at',
    header: 'Decided',
    className: 'whitespace-nowrap text-slate-600',
    cell: (p) => (p.processedAt ? <time dateTime={p.processedAt}>{formatDateTime(p.processedAt)}</time> : <NotYet />),
  },
];

function NotYet() {
  return (
    <span className="text-slate-400">
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not decided</span>
    </span>
  );
}

/** Only a payment off the price says so: the reviewer's cue to look closer. */
function AmountDifference({ payment }: { payment: Payment }) {
  if (payment.amountDifference === 0) return null;
  return (
    <span className="text-xs font-semibold text-amber-800 tabular-nums" data-testid="payment-row-difference">
      {describeAmountDifference(payment.amountDifference)}
    </span>
  );
}

function PaymentCard({ payment: p }: { payment: Payment }) {
  return (
    <RowCard
      title={submitterName(p)}
      lines={
        p.submitterEmail && p.submitterName ? <span className="truncate text-sm text-slate-500">{p.submitterEmail}</span> : null
      }
      badge={<StatusBadge status={p.status} />}
    >
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <span className="font-semibold text-brand-800">
          {acresLabel(p.acres)} · {formatMillions(p.amount)}
        </span>
        <span aria-hidden="true">·</span>
        <time dateTime={p.submittedAt}>{formatDate(p.submittedAt)}</time>
        <AmountDifference payment={p} />
      </span>
      {p.approvedBy ? (
        <span className="text-xs text-slate-500">
          {p.status === 'approved' ? 'Approved' : 'Rejected'} by{' '}
          <span className="font-medium text-slate-700">{p.approvedBy}</span>
          {p.processedAt ? <> · {formatDate(p.processedAt)}</> : null}
        </span>
      ) : null}
    </RowCard>
  );
}

export const PAYMENTS_LIST: AdminList<Payment, AdminPaymentsResponse> = {
  label: 'Payments',
  rows: 'payments',
  stepBackWhenEmpty: true,
  rowLabel: (p) => `payment of ${acresLabel(p.acres)} from ${submitterName(p)}`,
  caption: 'Payment proofs, newest first',
  columns,
  renderCard: (p) => <PaymentCard payment={p} />,
  rowTestId: 'payment-row',
};
