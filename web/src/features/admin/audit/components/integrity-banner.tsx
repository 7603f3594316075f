import { describeLogCheck, type LogIntegrityCheck, type LogVerification } from '@acres/contracts/log-integrity';
import { LoaderCircle, ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAdminAuthorization, useRefreshMatching } from '@/features/admin/shell/api/use-admin-query';
import { describeError } from '@/lib/problem';
import { formatDateTime } from '@acres/contracts/lagos-time';
import { ADMIN_AUDIT_LOG_PREFIX, checkLogIntegrity, useAdminLogIntegrity } from '../api/audit-api';

type Shown = {
  checkedAt: string;
  checkedBy: string | null;
  intact: boolean;
  eventsChecked: number;
  alteredRecordType: string | null;
};

const fromVerification = (verification: LogVerification, checkedBy: string | null | undefined): Shown => ({
  checkedAt: verification.checkedAt,
  checkedBy: checkedBy ?? null,
  intact: verification.ok,
  eventsChecked: verification.eventsChecked,
  alteredRecordType: verification.firstBroken?.type ?? null,
});

const fromCheck = (check: LogIntegrityCheck): Shown => check;

/** 'Checked on 28 Nov 2026, 14:30 WAT by Bola Ade' (the hourly check names nobody). */
const checkedWhen = (shown: Shown) =>
  `Checked on ${formatDateTime(shown.checkedAt)}${shown.checkedBy ? ` by ${shown.checkedBy}` : ''}`;

function Result({ shown }: { shown: Shown | null }) {
  if (!shown)
    return (
      <p className="flex items-start gap-2 text-slate-700" data-testid="log-integrity-unknown">
        <ShieldQuestion className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span>The records have not been checked yet. They are checked every hour, or now with the button.</span>
      </p>
    );
  if (!shown.intact)
    return (
      <p role="alert" className="flex items-start gap-2 text-red-900" data-testid="log-integrity-broken">
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
        <span className="min-w-0 break-words">
          <strong className="font-semibold">{capitalise(describeLogCheck(shown))}.</strong> {checkedWhen(shown)}. Do not rely on
          the records until your technical team has looked at the check&rsquo;s report.
        </span>
      </p>
    );
  return (
    <p role="status" className="flex items-start gap-2 text-emerald-900" data-testid="log-integrity-verified">
      <ShieldCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
      <span className="min-w-0 break-words">
        {checkedWhen(shown)}: {describeLogCheck(shown)}.
      </span>
    </p>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const TONES = {
  unknown: 'border-slate-200 bg-slate-50',
  intact: 'border-emerald-200 bg-emerald-50',
  broken: 'border-red-300 bg-red-50',
} as const;

function Frame({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <div
      className={`flex flex-col gap-3 rounded-xl border p-3 text-sm sm:flex-row sm:items-center sm:justify-between ${TONES[tone]}`}
      data-testid="log-integrity"
    >
      {children}
    </div>
  );
}

const isAuditKey = (key: unknown) => typeof key === 'string' && key.startsWith(ADMIN_AUDIT_LOG_PREFIX);

/** Whether the records still match their seals: the latest check (hourly, or run here with the button), in plain words. */
export function IntegrityBanner() {
  const { data } = useAdminLogIntegrity();
  const authorization = useAdminAuthorization();
  const refresh = useRefreshMatching(isAuditKey);
  const [latest, setLatest] = useState<LogIntegrityCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async () => {
    if (!authorization) return;
    setBusy(true);
    try {
      setLatest(await checkLogIntegrity(authorization));
      await refresh();
    } catch (error) {
      toast({ variant: 'destructive', title: 'The check did not run', description: describeError(error) });
    } finally {
      setBusy(false);
    }
  }, [authorization, refresh]);
  if (!data) return null;
  const stored = data.verification ? fromVerification(data.verification, data.checkedBy) : null;
  // The check run here, until a later one (the hourly job's) is the latest.
  const shown = latest && (!stored || latest.checkedAt >= stored.checkedAt) ? fromCheck(latest) : stored;
  return (
    <Frame tone={shown === null ? 'unknown' : shown.intact ? 'intact' : 'broken'}>
      <Result shown={shown} />
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="shrink-0 bg-white"
        onClick={() => void run()}
        disabled={busy || !authorization}
        data-testid="log-integrity-check"
      >
        {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <ShieldCheck aria-hidden="true" />}
        {busy ? 'Checking the records…' : 'Check the records now'}
      </Button>
    </Frame>
  );
}
