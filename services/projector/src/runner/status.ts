// What a runner reports about each projection (status endpoint, CLI, logs).

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
  /** Global position of the last event this projection has processed (decimal string; 0 = none). */
  position: string;
  eventsApplied: number;
  lastError: string | null;
  failedPosition: string | null;
  failedEventId: string | null;
  failedEventType: string | null;
  failedAt: string | null;
};

export const createStatus = (name: string): ProjectionStatus => ({
  name,
  state: 'starting',
  position: '0',
  eventsApplied: 0,
  lastError: null,
  failedPosition: null,
  failedEventId: null,
  failedEventType: null,
  failedAt: null,
});
