import { CircleCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Shown this once: only their digests are kept, so a lost list cannot be shown again. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4" role="status" data-testid="staff-recovery-codes">
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
        <span>
          You have joined. These are your recovery codes: each signs you in once if your phone is lost. Keep them somewhere safe;
          they are not shown again.
        </span>
      </p>
      <ul
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-900"
        aria-label="Recovery codes"
      >
        {codes.map((code) => (
          <li key={code} data-testid="staff-recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <Button size="lg" onClick={onDone} data-testid="staff-recovery-done">
        I have saved them: sign in
      </Button>
    </div>
  );
}
