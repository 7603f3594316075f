import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/problem';
import type { AffiliateGate } from '../api/use-affiliate-gate';

/** What an affiliate page shows while the gate is not 'ready': a spinner, or the error with a retry. */
export function GateScreen({ gate, message }: { gate: AffiliateGate; message: string }) {
  if (gate.state === 'error') {
    return (
      <div role="alert" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 px-4 text-center">
        <p className="font-semibold text-slate-900">We could not load your affiliate account.</p>
        <p className="max-w-md text-sm text-slate-600">{describeError(gate.error)}</p>
        <Button variant="outline" onClick={gate.retry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 px-4 text-center" aria-busy="true">
      <LoaderCircle className="size-6 animate-spin text-brand-700" aria-hidden="true" />
      <p className="text-sm text-slate-600">{message}</p>
    </div>
  );
}
