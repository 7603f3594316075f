import { auditEntry, type Actor } from './entry.ts';

// Operations name their operator 'admin:<account>' (the Operations tab) or 'cli:<OS user>'.
const operatorOf = (by: string): Actor => (by.startsWith('admin:') ? ['admin', by.slice('admin:'.length)] : ['system', by]);

export const rebuildRequested = auditEntry('ProjectionRebuildRequested', 'projection.rebuild-requested', (data) => ({
  at: data.requestedAt,
  actor: operatorOf(data.requestedBy),
  subject: ['projection', data.projection],
  summary: `Requested a rebuild of ${data.projection}`,
}));

export const rebuildCompleted = auditEntry('ProjectionRebuildCompleted', 'projection.rebuilt', (data) => ({
  at: data.completedAt,
  actor: operatorOf(data.requestedBy),
  subject: ['projection', data.projection],
  summary:
    data.outcome === 'swapped'
      ? `Rebuilt ${data.projection}: ${data.eventsReplayed.toLocaleString('en-NG')} events replayed`
      : `Rebuild of ${data.projection} ${data.outcome}; the live tables are untouched`,
  notes: data.message,
}));

export const projectionResumed = auditEntry('ProjectionResumed', 'projection.resumed', (data) => ({
  at: data.resumedAt,
  actor: operatorOf(data.resumedBy),
  subject: ['projection', data.projection],
  summary: `Resumed ${data.projection}`,
}));

export const poisonEventSkipped = auditEntry('PoisonEventSkipped', 'projection.event-skipped', (data) => ({
  at: data.skippedAt,
  actor: operatorOf(data.skippedBy),
  subject: ['projection', data.projection],
  summary: `Skipped a ${data.eventType} event in ${data.projection}`,
  notes: data.reason,
}));

export const notificationRetried = auditEntry('NotificationRetryRequested', 'notification.retry-requested', (data) => ({
  at: data.requestedAt,
  actor: ['admin', data.requestedBy],
  subject: ['notification', data.notificationId],
  summary: 'Asked to send a message again',
}));
