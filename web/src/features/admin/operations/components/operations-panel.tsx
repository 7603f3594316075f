import { Activity, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { ListSkeleton } from '@/features/admin/shell/components/list-skeleton';
import { PanelError } from '@/features/admin/shell/components/panel-error';
import { cn } from '@/lib/cn';
import { formatTime } from '@acres/contracts/lagos-time';
import { type ProjectionStatus, useProjectionStatus } from '../api/operations-api';
import { useProjectionActions } from '../lib/use-projection-actions';
import { OperationsTable } from './operations-table';
import { RecentOperations } from './recent-operations';
import { SkipEventDialog } from './skip-event-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

function summarise(rows: readonly ProjectionStatus[]): { text: string; tone: 'ok' | 'warn' | 'bad' } {
  const failed = rows.filter((row) => row.state === 'failed');
  if (failed.length > 0) {
    return {
      text: `${failed.length} projection${failed.length === 1 ? ' has' : 's have'} stopped on a failing event.`,
      tone: 'bad',
    };
  }
  const idle = rows.filter((row) => row.state === 'stopped' || row.state === 'not-started');
  if (idle.length > 0) return { text: `No projector is running ${idle.map((row) => row.name).join(', ')}.`, tone: 'warn' };
  const behind = rows.filter((row) => (row.lagEvents ?? 0) > 0);
  if (behind.length > 0)
    return { text: `${behind.length} projection${behind.length === 1 ? ' is' : 's are'} catching up.`, tone: 'warn' };
  return { text: 'Every read model is up to date.', tone: 'ok' };
}

/** Operations: each projection's checkpoint, lag behind the log, state and last error. */
export function OperationsPanel() {
  const { data, error, isLoading, isValidating, mutate } = useProjectionStatus();
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  const refresh = async () => {
    await mutate();
    setCheckedAt(new Date());
  };
  const actions = useProjectionActions({ refreshStatus: () => mutate() });
  const running = actions.operations.some((operation) => operation.status === 'requested' || operation.status === 'running');
  // A rebuild that has just finished moved checkpoints: show where they are now, and again
  // once the live projector has taken its projection back after the swap (within a second or two).
  useEffect(() => {
    if (running) return;
    void mutate();
    const again = setTimeout(() => void mutate(), 2_500);
    return () => clearTimeout(again);
  }, [running, mutate]);
  const rebuilds = actions.latestRebuilds();

  let body;
  if (error && !data) body = <PanelError what="the projection status" error={error} onRetry={() => void refresh()} />;
  else if (!data) body = <ListSkeleton rows={4} />;
  else if (data.length === 0) {
    body = (
      <EmptyState icon={Activity} title="No projections yet" data-testid="operations-empty">
        The projector has not written a checkpoint yet.
      </EmptyState>
    );
  } else body = <OperationsTable rows={data} busy={isLoading || isValidating} rebuilds={rebuilds} handlers={actions.handlers} />;

  const summary = data ? summarise(data) : null;
  return (
    <section aria-label="Operations" className="flex flex-col gap-4" data-testid="operations-panel">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold text-brand-950">Projections</h2>
          {summary ? (
            <p
              data-testid="operations-summary"
              className={cn(
                'text-sm',
                summary.tone === 'ok' && 'text-emerald-800',
                summary.tone === 'warn' && 'text-amber-900',
                summary.tone === 'bad' && 'font-semibold text-red-800',
              )}
            >
              {summary.text}
            </p>
          ) : null}
          {checkedAt ? <p className="text-xs text-slate-500">Checked {formatTime(checkedAt)}</p> : null}
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void refresh()}
          disabled={isValidating}
          data-testid="operations-refresh"
        >
          <RotateCw aria-hidden="true" className={cn(isValidating && 'animate-spin')} />
          {isValidating ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
      {body}
      <RecentOperations operations={actions.operations} />
      <SkipEventDialog row={actions.skipping} onSkip={actions.skip} onClose={actions.closeSkip} />
      <ConfirmDialog
        open={actions.confirmingRebuild !== null}
        onCancel={actions.cancelRebuild}
        onConfirm={actions.confirmRebuild}
        title={`Rebuild ${actions.confirmingRebuild?.name ?? ''}?`}
        facts={[{ label: 'Projection', value: actions.confirmingRebuild?.name ?? '' }]}
        consequence="Its read model is built again from the whole event log beside the live one, then swapped in; until the swap, the pages it feeds show the current copy. On a long log this takes a while."
        confirmLabel="Yes, rebuild"
        testId="rebuild-confirm"
      />
    </section>
  );
}
