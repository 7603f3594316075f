// The Audit log as a streamed CSV: the filtered entries, newest first, pulled one keyset page
// at a time (flat memory at any size); the first page is read before the answer starts, so a
// database failure is an error response rather than a truncated file.

import { Readable } from 'node:stream';
import { AUDIT_KIND_LABELS, type AuditEntry, type AuditLogFilters } from '@acres/contracts/audit-log';
import { SETTINGS_FIELD_LABELS } from '@acres/contracts/settings-reads';
import type { Queryable } from '@acres/platform';
import type { AuditLogRow } from '@acres/read-models/audit-log';
import { csvFileName, encodeCsvRow, UTF8_BOM, type CsvValue } from '../shared/csv.ts';
import type { AuditCursor } from '@acres/read-models/audit-cursor';
import { readActorNames, readAuditPage, toNamedAuditEntry } from '@acres/read-models/audit-log-queries';
import { formatSortableLagosTime } from '@acres/contracts/lagos-time';

export const AUDIT_CSV_HEADER = [
  'Position',
  'Occurred At (WAT)',
  'Occurred At (UTC)',
  'Kind',
  'What',
  'Actor Kind',
  'Actor',
  'Subject Type',
  'Subject ID',
  'Notes',
  'Changes',
  // Added last (issue 27), so a reader of the earlier columns by position is unaffected.
  'Actor Name',
];

const describeChanges = (entry: AuditEntry) =>
  entry.changes
    ?.map((change) => `${SETTINGS_FIELD_LABELS[change.field]}: ${change.from ?? '(not set)'} → ${change.to ?? '(not set)'}`)
    .join('; ') ?? null;

const toCells = (entry: AuditEntry): CsvValue[] => [
  entry.position,
  formatSortableLagosTime(entry.occurredAt),
  entry.occurredAt,
  AUDIT_KIND_LABELS[entry.kind],
  entry.summary,
  entry.actorKind,
  entry.actorId,
  entry.subjectType,
  entry.subjectId,
  entry.notes,
  describeChanges(entry),
  entry.actorName ?? null,
];

const encodePage = async (db: Queryable, rows: readonly AuditLogRow[]) => {
  const names = await readActorNames(db, rows);
  return rows.map((row) => encodeCsvRow(toCells(toNamedAuditEntry(row, names)))).join('');
};

/** `audit-log-2026-11-26.csv`, the Lagos day. */
export const auditCsvFileName = (now: Date) => csvFileName('audit-log', now);

export const createAuditCsvStream = async (options: {
  db: Queryable;
  filters: AuditLogFilters;
  pageSize: number;
}): Promise<Readable> => {
  const read = (cursor?: AuditCursor) => readAuditPage(options.db, { filters: options.filters, limit: options.pageSize, cursor });
  const first = await read();

  async function* generateCsv() {
    yield UTF8_BOM + encodeCsvRow(AUDIT_CSV_HEADER) + (await encodePage(options.db, first.rows));
    let page = first;
    while (page.more) {
      const last = page.rows.at(-1)!;
      page = await read({ kind: 'after', position: last.global_position });
      if (page.rows.length > 0) yield await encodePage(options.db, page.rows);
    }
  }

  return Readable.from(generateCsv(), { objectMode: false });
};
