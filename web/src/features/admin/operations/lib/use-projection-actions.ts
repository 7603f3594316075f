import type { ProjectionOperation, SkipPoisonEventForm } from '@acres/contracts/projection-operations';
import { useCallback, useMemo, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useAdminAuthorization } from '@/features/admin/shell/api/use-admin-query';
import { describeError } from '@/lib/problem';
import {
  isActiveOperation,
  requestRebuild,
  requestResume,
  requestSkip,
  type ProjectionStatus,
  useProjectionOperations,
} from '../api/operations-api';

/** How long a finished rebuild keeps its bar beside its projection. */
const SHOW_FINISHED_MS = 10 * 60 * 1000;

/** The Operations tab's actions: each one a request the projector carries out, then both lists fetched again. */
export function useProjectionActions({ refreshStatus }: { refreshStatus: () => Promise<unknown> }) {
  const authorization = useAdminAuthorization();
  const { data, mutate } = useProjectionOperations();
  const operations = useMemo(() => data ?? [], [data]);
  const [sending, setSending] = useState<string | null>(null);
  const [skipping, setSkipping] = useState<ProjectionStatus | null>(null);
  // A rebuild replaces a read model from the log: asked for once more before it is sent.
  const [confirmingRebuild, setConfirmingRebuild] = useState<ProjectionStatus | null>(null);

  const refreshBoth = useCallback(() => Promise.all([mutate(), refreshStatus()]), [mutate, refreshStatus]);

  const send = useCallback(
    async (row: ProjectionStatus, what: string, request: (authorization: string) => Promise<ProjectionOperation>) => {
      if (!authorization) return;
      setSending(row.name);
      try {
        const operation = await request(authorization);
        if (operation.kind !== 'rebuild')
          toast({ variant: 'success', title: `${row.name} resumed`, description: 'Its runner retries the event it stopped on.' });
      } catch (error) {
        toast({ variant: 'destructive', title: `${what} refused`, description: describeError(error) || 'Please try again.' });
      } finally {
        setSending(null);
        await refreshBoth();
      }
    },
    [authorization, refreshBoth],
  );

  const skip = useCallback(
    async (row: ProjectionStatus, form: SkipPoisonEventForm) => {
      if (!authorization) return;
      try {
        await requestSkip(authorization, row.name, form);
      } finally {
        await refreshBoth();
      }
    },
    [authorization, refreshBoth],
  );

  const handlers = useMemo(
    () => ({
      sending,
      rebuild: (row: ProjectionStatus) => setConfirmingRebuild(row),
      resume: (row: ProjectionStatus) => void send(row, `Resume of ${row.name}`, (auth) => requestResume(auth, row.name)),
      skip: (row: ProjectionStatus) => setSkipping(row),
    }),
    [sending, send],
  );

  const latestRebuilds = useCallback(() => {
    const now = Date.now();
    const latest = new Map<string, ProjectionOperation>();
    // Newest first: the first rebuild of each projection is its latest.
    for (const operation of operations) {
      if (operation.kind !== 'rebuild' || latest.has(operation.projection)) continue;
      const finishedAt = operation.finishedAt ? Date.parse(operation.finishedAt) : null;
      if (isActiveOperation(operation) || (finishedAt !== null && now - finishedAt < SHOW_FINISHED_MS))
        latest.set(operation.projection, operation);
    }
    return latest;
  }, [operations]);

  const confirmRebuild = useCallback(() => {
    const row = confirmingRebuild;
    setConfirmingRebuild(null);
    if (row) void send(row, `Rebuild of ${row.name}`, (auth) => requestRebuild(auth, row.name));
  }, [confirmingRebuild, send]);

  return {
    operations,
    handlers,
    skipping,
    skip,
    closeSkip: () => setSkipping(null),
    latestRebuilds,
    confirmingRebuild,
    confirmRebuild,
    cancelRebuild: () => setConfirmingRebuild(null),
  };
}
