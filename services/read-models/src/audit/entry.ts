// What every audit mapper shares: the row it fills and how it names ids, notes and acres.

import type { RecordedEvent } from '@acres/eventstore/port';
import type { AuditLogRow } from './audit-log.ts';
import type { RowToWrite } from '../shared/read-model.ts';

export type AuditRow = RowToWrite<AuditLogRow>;

export type Entry = Omit<AuditRow, 'global_position'>;

/** null: this event of an audited type records nothing of its own (another event of the same act does). */
export type Mapper = (event: RecordedEvent) => Entry | null;

// The summary names an id by its first block, as the admin's tables do; the full id is the subject.
export const shortId = (id: string) => id.slice(0, 8);

export const toNotes = (notes: string | null) => (notes === null || notes.trim() === '' ? null : notes);

export const acres = (count: number) => `${count} acre${count === 1 ? '' : 's'}`;
