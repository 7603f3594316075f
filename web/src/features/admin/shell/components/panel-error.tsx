import { CircleAlert, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/problem';

/** A list that failed to load says why and offers to try again, instead of looking empty. */
export function PanelError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-sm text-red-900 sm:flex-row sm:items-center"
    >
      <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
      <div className="flex-1">
        <p className="font-semibold">Could not load {what}</p>
        <p className="break-words text-red-800">{describeError(error) || 'Please try again.'}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
