// The Audit log's reads: one page newest first (by the log's position) under the filters,
// with a bounded total, and the keyset pages the CSV export streams.

import type { AdminAuditLogResponse, AuditLogFilters } from '@acres/contracts/audit-log';
import type { Queryable } from '@acres/platform';
import { AUDIT_LOG, AUDIT_LOG_COLUMNS, toAuditEntry, type AuditLogRow } from './audit-log.ts';
import { selectList } from '../shared/read-model.ts';
import { boundedCountSql } from '../shared/query/keyset-page.ts';
import { encodeAuditCursor, type AuditCursor } from './audit-cursor.ts';
import { LAGOS_TIME_ZONE_SQL } from '@acres/contracts/lagos-time';
import { STAFF_MEMBERS } from '../staff/staff-members.ts';
import { actorNameOf, readAuditNames, subjectNameOf } from './audit-names.ts';
import { nameMentions } from './mention.ts';

/** The names of the actors, subjects and mentions among these rows (audit-names.ts). */
export const readActorNames = readAuditNames;

// Dates are Lagos calendar days (the business's zone), both ends included.
const LAGOS = LAGOS_TIME_ZONE_SQL;

const SELECT = `${selectList(AUDIT_LOG_COLUMNS, { omit: ['global_position'] })}, global_position::text AS global_position`;

/** The entry in words: its actor's and subject's names and its summary's mentions, from readActorNames. */
export const toNamedAuditEntry = (row: AuditLogRow, names: ReadonlyMap<string, string>) => ({
  ...toAuditEntry(row),
  summary: nameMentions(row.summary, names),
  actorName: actorNameOf(row, names),
  subjectName: subjectNameOf(row, names),
});

const filterConditions = (filters: AuditLogFilters) => {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (sql: (parameter: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(sql(`$${values.length}`));
  };
  if (filters.actorKind) add((p) => `actor_kind = ${p}`, filters.actorKind);
  // A staff member by id or by the name the staff list knows them by (issue 27).
  if (filters.actor)
    add(
      (p) =>
        `(lower(actor_id) = lower(${p}) OR (actor_kind = 'admin' AND actor_id IN
          (SELECT staff_id::text FROM ${STAFF_MEMBERS.table} WHERE lower(display_name) = lower(${p}))))`,
      filters.actor,
    );
  if (filters.kind) add((p) => `kind = ${p}`, filters.kind);
  if (filters.subjectType) add((p) => `subject_type = ${p}`, filters.subjectType);
  // The beginning of an id finds its subject as well as the whole id.
  if (filters.subjectId) add((p) => `starts_with(lower(subject_id), lower(${p}))`, filters.subjectId);
  if (filters.from) add((p) => `occurred_at >= (${p}::date)::timestamp AT TIME ZONE ${LAGOS}`, filters.from);
  if (filters.to) add((p) => `occurred_at < (${p}::date + 1)::timestamp AT TIME ZONE ${LAGOS}`, filters.to);
  return { conditions, values };
};

const whereOf = (conditions: readonly string[]) => (conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '');

export type AuditPage = { rows: AuditLogRow[]; more: boolean };

/** Up to `limit` rows older than `after` (or newer than `before`), newest first either way. */
export const readAuditPage = async (
  db: Queryable,
  options: { filters: AuditLogFilters; limit: number; cursor?: AuditCursor | undefined },
): Promise<AuditPage> => {
  const { conditions, values } = filterConditions(options.filters);
  const ascending = options.cursor?.kind === 'before';
  if (options.cursor) {
    values.push(options.cursor.position);
    conditions.push(`global_position ${ascending ? '>' : '<'} $${values.length}::bigint`);
  }
  values.push(options.limit + 1);
  const { rows } = await db.query<AuditLogRow>(
    `SELECT ${SELECT} FROM ${AUDIT_LOG.table} ${whereOf(conditions)}
      ORDER BY global_position ${ascending ? 'ASC' : 'DESC'} LIMIT $${values.length}`,
    values,
  );
  const more = rows.length > options.limit;
  const page = rows.slice(0, options.limit);
  if (ascending) page.reverse();
  return { rows: page, more };
};

/** Who ran the integrity check that began at `checkedAt` from the Audit tab, by name; null for one nobody asked for. */
export const readIntegrityCheckActor = async (db: Queryable, checkedAt: string) => {
  const { rows } = await db.query<AuditLogRow>(
    `SELECT ${SELECT} FROM ${AUDIT_LOG.table} WHERE kind = 'log.integrity-checked' AND occurred_at = $1::timestamptz
      ORDER BY global_position DESC LIMIT 1`,
    [checkedAt],
  );
  const row = rows[0];
  if (!row) return null;
  return actorNameOf(row, await readAuditNames(db, [row])) ?? row.actor_id;
};

/** The page the admin's list shows, its cursors and the filtered total (capped). */
export const listAuditLog = async (
  db: Queryable,
  options: { filters: AuditLogFilters; limit: number; cursor?: AuditCursor | undefined },
): Promise<AdminAuditLogResponse> => {
  const { conditions, values } = filterConditions(options.filters);
  const [page, total] = await Promise.all([
    readAuditPage(db, options),
    db.query<{ count: number }>(boundedCountSql(AUDIT_LOG.table, whereOf(conditions)), values),
  ]);
  const names = await readActorNames(db, page.rows);
  const first = page.rows[0];
  const last = page.rows.at(-1);
  const older = last ? encodeAuditCursor({ kind: 'after', position: last.global_position }) : null;
  const newer = first ? encodeAuditCursor({ kind: 'before', position: first.global_position }) : null;
  const paged = options.cursor?.kind;
  return {
    total: total.rows[0]?.count ?? 0,
    entries: page.rows.map((row) => toNamedAuditEntry(row, names)),
    // Going back (before), there is an older page by definition; going forward, only if more.
    nextCursor: paged === 'before' || page.more ? older : null,
    prevCursor: paged === 'after' || (paged === 'before' && page.more) ? newer : null,
  };
};
