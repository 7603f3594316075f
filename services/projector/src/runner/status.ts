// What a runner reports about each projection (status endpoint, CLI, logs).

import { NO_CHECKPOINT_REPORT, type CheckpointReport } from '@acres/read-models/checkpoints';

export type ProjectionState =
  | 'starting'
  /** Another process owns the projection; this one waits to take over. */
  | 'standby'
  | 'catching-up'
  | 'live'
  /** Waiting out a database or event store error before trying again. */
  | 'retrying'
  /** Stopped on a poison event; see lastError and the failed* fields. */
  | 'failed'
  | 'stopped';

export type ProjectionStatus = {
  name: string;
  state: ProjectionState;
} & CheckpointReport;

export const createStatus = (name: string): ProjectionStatus => ({ name, state: 'starting', ...NO_CHECKPOINT_REPORT });
