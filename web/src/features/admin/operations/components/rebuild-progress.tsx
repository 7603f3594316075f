import type { ProjectionOperation } from '@acres/contracts/projection-operations';
import { cn } from '@/lib/cn';

const count = (value: number) => value.toLocaleString('en-NG');

function describe(operation: ProjectionOperation, percent: number): string {
  switch (operation.status) {
    case 'requested':
      return 'Waiting for the projector…';
    case 'running':
      return operation.progressTotal === null
        ? `Rebuilding… ${percent} %`
        : `Rebuilding… ${percent} % · ${count(operation.progressDone)} of ${count(operation.progressTotal)} events`;
    case 'done':
      return `Rebuilt and swapped in · ${count(operation.progressDone)} events replayed`;
    case 'interrupted':
      return 'Interrupted; the live tables are untouched. Rebuild again to resume.';
    case 'withdrawn':
      return 'No projector took it up; nothing was changed.';
    case 'failed':
    case 'refused':
      return `Not rebuilt: ${operation.message ?? 'see the projector log'}. The live tables are untouched.`;
    default: {
      const never: never = operation.status;
      return never;
    }
  }
}

/** A rebuild's progress from the events it has replayed, polled while it runs. */
export function RebuildProgress({ operation }: { operation: ProjectionOperation }) {
  const done = operation.status === 'done';
  const percent = done ? 100 : Math.round((operation.progressFraction ?? 0) * 100);
  const bad = operation.status === 'failed' || operation.status === 'refused' || operation.status === 'interrupted';
  const text = describe(operation, percent);
  return (
    <div className="flex min-w-40 flex-col gap-1" data-testid="rebuild-progress" data-status={operation.status}>
      <div
        role="progressbar"
        aria-label={`Rebuild of ${operation.projection}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-300',
            done && 'bg-emerald-600',
            bad && 'bg-red-600',
            !done && !bad && 'bg-brand-700',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className={cn('text-xs', bad ? 'text-red-800' : 'text-slate-600')} aria-live="polite">
        {text}
      </p>
    </div>
  );
}
