import { formatMillions, formatNaira, type Payment } from '@acres/contracts';
import { ChevronDown, ImageOff, MessageSquareText } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { formatDateTime } from '../lib/format-date';
import { PaymentStatusBadge } from './payment-status-badge';
import { PaymentTimeline } from './payment-timeline';

function ProofThumbnail({ path }: { path: string }) {
  const [broken, setBroken] = useState(false);
  const src = `/api${path}`;
  if (broken) {
    return (
      <span className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400 sm:size-20">
        <ImageOff className="size-5" aria-label="Proof image unavailable" />
      </span>
    );
  }
  return (
    <a
      href={src}
      target="_blank"
      rel="noreferrer"
      className="block shrink-0 self-start overflow-hidden rounded-lg border border-slate-200 bg-slate-50 focus-visible:outline-2 focus-visible:outline-gold-500"
      aria-label="Open the payment proof image"
    >
      <img
        src={src}
        alt="Payment proof"
        loading="lazy"
        onError={() => setBroken(true)}
        className="block size-16 object-cover transition-transform hover:scale-105 sm:size-20"
        data-testid="proof-thumbnail"
      />
    </a>
  );
}

/** One payment: what was paid, its status, the admin's notes and (on demand) its timeline. */
export function PaymentHistoryItem({ payment }: { payment: Payment }) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
      data-testid="payment-item"
      data-payment-id={payment.id}
    >
      <div className="flex gap-4">
        <ProofThumbnail path={payment.proofImagePath} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <p className="text-base font-semibold text-slate-900">
              <span data-testid="payment-acres">
                {payment.acres} {payment.acres === 1 ? 'acre' : 'acres'}
              </span>
              <span className="mx-1.5 text-slate-300" aria-hidden="true">
                ·
              </span>
              <span data-testid="payment-amount" title={formatNaira(payment.amount)}>
                {formatMillions(payment.amount)}
              </span>
            </p>
            <PaymentStatusBadge status={payment.status} />
          </div>
          <p className="text-xs text-slate-500">
            Submitted <time dateTime={payment.submittedAt}>{formatDateTime(payment.submittedAt)}</time>
          </p>
          {payment.adminNotes ? (
            <p
              className="mt-1 flex gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700"
              data-testid="payment-admin-notes"
            >
              <MessageSquareText className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
              <span className="min-w-0 break-words">
                <span className="font-medium text-slate-900">Note from our team: </span>
                {payment.adminNotes}
              </span>
            </p>
          ) : null}
        </div>
      </div>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded((v) => !v)}
        className="mt-3 flex w-full items-center justify-between rounded-lg px-1 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-gold-500"
        data-testid="timeline-toggle"
      >
        {expanded ? 'Hide timeline' : 'Show timeline'}
        <ChevronDown className={cn('size-4 transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
      </button>
      {expanded ? (
        <div id={panelId} className="mt-2 border-t border-slate-100 pt-3">
          <PaymentTimeline paymentId={payment.id} />
        </div>
      ) : null}
    </li>
  );
}
