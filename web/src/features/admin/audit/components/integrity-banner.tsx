import type { LogVerification } from '@acres/contracts/log-integrity';
import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { formatDateTime } from '@acres/contracts/lagos-time';
import { useAdminLogIntegrity } from '../api/audit-api';

function BrokenChain({ verification }: { verification: LogVerification }) {
  const link = verification.firstBroken;
  const where =
    link?.streamId != null
      ? `${link.streamId} revision ${link.revision} (${link.type})`
      : `the digest at position ${link?.position}`;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900"
      data-testid="log-integrity-broken"
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
      <p className="min-w-0 break-words">
        <strong className="font-semibold">Chain broken at {where}.</strong> {link?.message}. Checked{' '}
        {formatDateTime(verification.checkedAt)}.
        {link?.eventId ? <span className="block font-mono text-xs">Event {link.eventId}</span> : null}
      </p>
    </div>
  );
}

/** Whether the event log still matches its hash chain, from the latest verification run. */
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
        <span>The event log has not been verified yet. Run npm run audit -- verify, or wait for the hourly check.</span>
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
        Log verified up to position {verification.upToPosition} at {formatDateTime(verification.checkedAt)}
        {verification.digest ? (
          <>
            , digest <span className="font-mono">{verification.digest.hex.slice(0, 16)}</span>
          </>
        ) : (
          ', no digest recorded yet'
        )}
        .
      </span>
    </p>
  );
}
