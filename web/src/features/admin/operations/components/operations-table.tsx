import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { ProjectionOperation } from '@acres/contracts/projection-operations';
import type { ProjectionStatus } from '../api/operations-api';
import { ProjectionActions, type ProjectionActionHandlers } from './projection-actions';
import { stoppedAt } from '../lib/stopped-at';

const STATES: Record<
  ProjectionStatus['state'],
  { label: string; variant: 'success' | 'warning' | 'destructive' | 'secondary' | 'gold' }
> = {
  running: { label: 'Running', variant: 'success' },
  stopped: { label: 'Not running', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
  'not-started': { label: 'Not started', variant: 'secondary' },
  rebuilding: { label: 'Rebuilding', variant: 'gold' },
};

export function ProjectionStateBadge({ state }: { state: ProjectionStatus['state'] }) {
  const { label, variant } = STATES[state];
  return <Badge variant={variant}>{label}</Badge>;
}

export function formatLagEvents(row: ProjectionStatus): string {
  if (row.lagEvents === null) return 'unknown';
  return `${row.lagEventsCapped ? '≥ ' : ''}${row.lagEvents.toLocaleString('en-NG')}`;
}

/** 0.4 → '0.4 s', 75 → '1 min 15 s', 7260 → '2 h 1 min'. */
export function formatLagSeconds(seconds: number | null): string {
  if (seconds === null) return 'unknown';
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const isBehind = (row: ProjectionStatus) => (row.lagSeconds ?? 0) >= 60;

function LagCell({ row }: { row: ProjectionStatus }) {
  return (
    <span className={cn('tabular-nums', isBehind(row) && 'font-semibold text-amber-800')}>
      {formatLagEvents(row)} <span className="text-slate-500">{row.lagEvents === 1 ? 'event' : 'events'}</span> ·{' '}
      {formatLagSeconds(row.lagSeconds)}
    </span>
  );
}

function ErrorText({ row }: { row: ProjectionStatus }) {
  if (!row.lastError) return <span className="text-slate-500">None</span>;
  return (
    <div className="flex flex-col gap-1">
      <p className="font-mono text-xs break-words text-red-800">{row.lastError}</p>
      {row.state === 'failed' ? (
        <p className="text-xs text-slate-600">
          Stopped on {row.failedEventType ?? 'an event'}
          {stoppedAt(row)}. Once its cause is fixed, Resume; to park that event, Skip it with a reason.
        </p>
      ) : null}
    </div>
  );
}

// How far behind a projection is reads as events and seconds (Lag), not as a raw log position.
const HEADERS = ['Projection', 'State', 'Lag', 'Last error', 'Actions'];

/** The projection status table: a table from 768 px up, cards below. */
export function OperationsTable({
  rows,
  busy,
  rebuilds,
  handlers,
}: {
  rows: readonly ProjectionStatus[];
  busy: boolean;
  /** The latest rebuild of each projection worth showing (running, or finished lately). */
  rebuilds: ReadonlyMap<string, ProjectionOperation>;
  handlers: ProjectionActionHandlers;
}) {
  return (
    <div aria-busy={busy || undefined} className={cn('transition-opacity', busy && 'opacity-60')}>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm" data-testid="operations-table">
          <caption className="sr-only">Projections: state, lag, last error and actions</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              {HEADERS.map((header) => (
                <th key={header} scope="col" className="px-4 py-3 whitespace-nowrap">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.name} data-testid="operations-row" className={cn(row.state === 'failed' && 'bg-red-50/50')}>
                <th scope="row" className="px-4 py-3 font-semibold whitespace-nowrap text-slate-900">
                  {row.name}
                </th>
                <td className="px-4 py-3">
                  <ProjectionStateBadge state={row.state} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <LagCell row={row} />
                </td>
                <td className="max-w-md px-4 py-3">
                  <ErrorText row={row} />
                </td>
                <td className="px-4 py-3">
                  <ProjectionActions row={row} rebuild={rebuilds.get(row.name)} handlers={handlers} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Projections" className="flex flex-col gap-2 md:hidden">
        {rows.map((row) => (
          <li key={row.name} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold text-slate-900">{row.name}</span>
              <ProjectionStateBadge state={row.state} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-500">Lag</dt>
              <dd>
                <LagCell row={row} />
              </dd>
            </dl>
            {row.lastError ? <ErrorText row={row} /> : null}
            <ProjectionActions row={row} rebuild={rebuilds.get(row.name)} handlers={handlers} />
          </li>
        ))}
      </ul>
    </div>
  );
}
