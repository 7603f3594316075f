import type { ProjectionOperation } from '@acres/contracts/projection-operations';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';

const KINDS: Record<ProjectionOperation['kind'], string> = { rebuild: 'Rebuild', resume: 'Resume', skip: 'Skip' };

const STATUS: Record<
  ProjectionOperation['status'],
  { label: string; variant: 'success' | 'warning' | 'destructive' | 'secondary' | 'gold' }
> = {
  requested: { label: 'Requested', variant: 'secondary' },
  running: { label: 'Running', variant: 'gold' },
  done: { label: 'Done', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  refused: { label: 'Refused', variant: 'warning' },
  withdrawn: { label: 'Withdrawn', variant: 'secondary' },
  interrupted: { label: 'Interrupted', variant: 'warning' },
};

/** The latest operations on projections, from this tab or the CLI (each one also an event in the audit log). */
export function RecentOperations({ operations }: { operations: readonly ProjectionOperation[] }) {
  if (operations.length === 0) return null;
  return (
    <section aria-labelledby="recent-operations-title" className="flex flex-col gap-2" data-testid="recent-operations">
      <h3 id="recent-operations-title" className="text-base font-semibold text-brand-950">
        Recent actions
      </h3>
      <ul className="flex flex-col divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm shadow-sm">
        {operations.slice(0, 10).map((operation) => {
          const status = STATUS[operation.status];
          return (
            <li key={operation.id} className="flex flex-col gap-1 px-4 py-3" data-testid="recent-operation">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">
                  {KINDS[operation.kind]} {operation.projection}
                </span>
                <Badge variant={status.variant}>{status.label}</Badge>
                <span className="text-xs text-slate-600">
                  {operation.requestedBy} · {formatDateTime(operation.requestedAt)}
                </span>
              </div>
              {operation.reason ? <p className="text-xs text-slate-700">Reason: {operation.reason}</p> : null}
              {operation.message ? <p className="text-xs break-words text-slate-600">{operation.message}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
