import type { LogVerification } from '@acres/contracts/log-integrity';
import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { formatDateTime } from '@acres/contracts/lagos-time';
import { useAdminLogIntegrity } from '../api/audit-api';

/** 'PaymentProofSubmitted' → 'payment proof submitted': the kind of record, without its ids. */
const describeRecord = (type: string | null | undefined) =>
  type ? type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase() : null;

function BrokenChain({ verification }: { verification: LogVerification }) {
  const record = describeRecord(verification.firstBroken?.type);
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900"
      data-testid="log-integrity-broken"
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
      <p className="min-w-0 break-words">
        <strong className="font-semibold">
          {record
            ? `A ${record} record was changed after it was written.`
            : 'A record was changed or removed after it was written.'}
        </strong>{' '}
        Found by the check on {formatDateTime(verification.checkedAt)}. Do not rely on the records until your technical team has
        looked at the check&rsquo;s report.
      </p>
    </div>
  );
}

/** Whether the event log still matches its seals, from the latest check (run every hour). */
export function IntegrityBanner() {
  const { data } = useAdminLogIntegrity();
  if (!data) return null;
  const { verification } = data;
  if (!verification) {
    return (
      <p
        className="flex items-start gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
        data-testid="log-integrity-unknown"
      >
        <ShieldQuestion className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span>The records have not been checked yet. The first check runs within the hour.</span>
      </p>
    );
  }
  if (!verification.ok) return <BrokenChain verification={verification} />;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
      data-testid="log-integrity-verified"
    >
      <ShieldCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
      <span className="min-w-0 break-words">
        Checked on {formatDateTime(verification.checkedAt)}: all {verification.eventsChecked.toLocaleString('en-NG')} records are
        as they were written.
      </span>
    </p>
  );
}
