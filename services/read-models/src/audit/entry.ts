// What every audit mapper shares: the row it fills and how it names ids, notes and acres.

import type { AuditActorKind, AuditKind, AuditSubjectType } from '@acres/contracts/audit-log';
import type { EventData, EventType } from '@acres/contracts/events';
import type { RecordedEvent } from '@acres/eventstore/port';
import type { AuditLogRow } from './audit-log.ts';
import type { RowToWrite } from '../shared/read-model.ts';
import { parseEventData } from '../shared/projection/projection.ts';

export type AuditRow = RowToWrite<AuditLogRow>;

export type Entry = Omit<AuditRow, 'global_position'>;

/** null: this event of an audited type records nothing of its own (another event of the same act does). */
export type Mapper = (event: RecordedEvent) => Entry | null;

export type Actor = readonly [kind: AuditActorKind, id: string | null];

/** What one audited event says: when, who, about what, and in which words. */
export type EntryParts = {
  at: string;
  actor: Actor;
  subject: readonly [type: AuditSubjectType, id: string];
  summary: string;
  /** Blank notes are none. */
  notes?: string | null;
  /** Old → new values as JSON text, for the events that carry them. */
  changes?: string | null;
};

export { mention } from './mention.ts';

export const toNotes = (notes: string | null) => (notes === null || notes.trim() === '' ? null : notes);

export const acres = (count: number) => `${count} acre${count === 1 ? '' : 's'}`;

/** The mapper of one audited type: its data parsed once, described by `describe`, laid out as the row. */
export const auditEntry =
  <T extends EventType>(
    type: T,
    kind: AuditKind,
    describe: (data: EventData<T>, event: RecordedEvent) => EntryParts | null,
  ): Mapper =>
  (event) => {
    const parts = describe(parseEventData(type, event), event);
    if (parts === null) return null;
    const { at, actor, subject, summary, notes = null, changes = null } = parts;
    return {
      occurred_at: at,
      kind,
      actor_kind: actor[0],
      actor_id: actor[1],
      subject_type: subject[0],
      subject_id: subject[1],
      summary,
      notes: toNotes(notes),
      changes,
    };
  };
