import { parseEventData } from '../shared/projection/projection.ts';
import { toNotes, type Entry, type Mapper } from './entry.ts';

// Operations name their operator 'admin:<account>' (the Operations tab) or 'cli:<OS user>'.
const operatorOf = (by: string): Pick<Entry, 'actor_kind' | 'actor_id'> =>
  by.startsWith('admin:') ? { actor_kind: 'admin', actor_id: by.slice('admin:'.length) } : { actor_kind: 'system', actor_id: by };

export const rebuildRequested: Mapper = (event) => {
  const data = parseEventData('ProjectionRebuildRequested', event);
  return {
    occurred_at: data.requestedAt,
    ...operatorOf(data.requestedBy),
    kind: 'projection.rebuild-requested',
    subject_type: 'projection',
    subject_id: data.projection,
    summary: `Requested a rebuild of ${data.projection}`,
    notes: null,
    changes: null,
  };
};

export const rebuildCompleted: Mapper = (event) => {
  const data = parseEventData('ProjectionRebuildCompleted', event);
  return {
    occurred_at: data.completedAt,
    ...operatorOf(data.requestedBy),
    kind: 'projection.rebuilt',
    subject_type: 'projection',
    subject_id: data.projection,
    summary:
      data.outcome === 'swapped'
        ? `Rebuilt ${data.projection}: ${data.eventsReplayed.toLocaleString('en-NG')} events replayed`
        : `Rebuild of ${data.projection} ${data.outcome}; the live tables are untouched`,
    notes: toNotes(data.message),
    changes: null,
  };
};

export const projectionResumed: Mapper = (event) => {
  const data = parseEventData('ProjectionResumed', event);
  return {
    occurred_at: data.resumedAt,
    ...operatorOf(data.resumedBy),
    kind: 'projection.resumed',
    subject_type: 'projection',
    subject_id: data.projection,
    summary: `Resumed ${data.projection}`,
    notes: null,
    changes: null,
  };
};

export const poisonEventSkipped: Mapper = (event) => {
  const data = parseEventData('PoisonEventSkipped', event);
  return {
    occurred_at: data.skippedAt,
    ...operatorOf(data.skippedBy),
    kind: 'projection.event-skipped',
    subject_type: 'projection',
    subject_id: data.projection,
    summary: `Skipped ${data.eventType} at position ${data.position} in ${data.projection}`,
    notes: toNotes(data.reason),
    changes: null,
  };
};

export const notificationRetried: Mapper = (event) => {
  const data = parseEventData('NotificationRetryRequested', event);
  return {
    occurred_at: data.requestedAt,
    kind: 'notification.retry-requested',
    actor_kind: 'admin',
    actor_id: data.requestedBy,
    subject_type: 'notification',
    subject_id: data.notificationId,
    summary: `Asked to send message ${data.notificationId} again`,
    notes: null,
    changes: null,
  };
};
