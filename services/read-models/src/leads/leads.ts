// SPEC 3 leads, the whole read model: one row per SlotReserved, read by the admin's lead
// list and the CSV export as the contract's Lead. The row is the contract: its columns are
// the Lead's fields in snake_case (through the codec below), plus three never shown.

import { LeadSchema, type AdminLeadsResponse, type Lead } from '@acres/contracts/lead';
import type { RecordedEvent } from '@acres/eventstore/port';
import type { Queryable } from '@acres/platform';
import type { PoolClient } from '@acres/platform/db';
import { countedTotalSql } from '../operations/admin-counters.ts';
import { defineReadModel, selectList, type Position, type RowToWrite, type SqlTypes } from '../shared/read-model.ts';
import { createRowCodec, type RowOf } from '../shared/row-codec.ts';
import { createBulkInsert } from '../shared/projection/bulk-insert.ts';
import { createdByUserOf, mapEvents, parseEventData, type Projection } from '../shared/projection/projection.ts';
import { eraseLeadRows } from '../shared/projection/erasers.ts';
import { defineProjection, resolveTarget, type ProjectionTarget } from '../shared/projection/define-projection.ts';
import { cursorOf, LAST_PAGE_CURSOR } from '../shared/query/cursor.ts';
import { boundedCountSql, readKeysetPage } from '../shared/query/keyset-page.ts';
import { containsAny, toSearchPattern } from '../shared/query/search.ts';
import type { LeadStage } from '@acres/contracts/lead-pipeline';
import { joinPipeline, pipelineConditions, pipelineSelect, toPipeline, type PipelineColumns } from './lead-list-pipeline.ts';

export const LEADS = defineReadModel('leads', 'leads', '1700000000002_read-models.sql');

/** Lead ↔ its columns (the schema's id is a plain string; the column is a uuid). */
export const LEAD_ROW = createRowCodec(LeadSchema, { id: 'uuid' });

/** The columns a Lead is made of. */
export type LeadView = RowOf<Lead>;

export type LeadRow = LeadView & {
  /** The number as typed: searched ("0803" finds a lead), never shown. */
  phone: string;
  /** The signed-in account that made it (the event's actor), null for a visitor: it is that account's, whatever the email. */
  created_by_user_id: string | null;
  global_position: Position;
};

export const LEAD_COLUMNS = {
  ...LEAD_ROW.columns,
  phone: 'text',
  created_by_user_id: 'uuid',
  global_position: 'bigint',
} as const satisfies SqlTypes<LeadRow>;

/** SELECT list of a LeadView. */
export const LEAD_VIEW_COLUMNS = selectList(LEAD_ROW.columns);
const LEAD_LIST_COLUMNS = selectList(LEAD_ROW.columns, { alias: 'l' });
const LEAD_WITH_PIPELINE = joinPipeline(LEADS.table);

export const toLead = (row: LeadView): Lead => LEAD_ROW.fromRow(row);

// The event names two fields its own way (leadId, reservedAt); every other field of the
// Lead has the same name from the form to the column.
const toRow = (event: RecordedEvent): RowToWrite<LeadRow> => {
  const data = parseEventData('SlotReserved', event);
  return {
    ...LEAD_ROW.toRow({ ...data, id: data.leadId, createdAt: data.reservedAt }),
    phone: data.phone,
    created_by_user_id: createdByUserOf(event),
    global_position: event.globalPosition.toString(),
  };
};

export const createLeadsProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, LEADS);
  const [table] = tables;
  const insertRows = createBulkInsert({ table, columns: LEAD_COLUMNS, key: 'id' });

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    await insertRows(client, mapEvents(events, toRow));
  };

  return defineProjection({
    name,
    handles: ['SlotReserved'],
    tables,
    applyBatch,
    erase: eraseLeadRows(table),
  });
};

type LeadPageRow = LeadView & {
  // created_at to the microsecond: a JS Date keeps milliseconds only, which would make
  // a keyset cursor skip or repeat leads created within the same millisecond.
  cursor_at: string;
};

/** Where the next keyset page starts: strictly older than this lead in (created_at, id) order. */
export type LeadCursor = { createdAt: string; id: string };

const CURSOR_AT = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;

const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';

// The raw phone as typed is searched as well as the E.164 form, so "0803" finds a lead.
const SEARCHED_COLUMNS = ['full_name', 'email', 'company', 'phone', 'phone_e164'] as const satisfies readonly (keyof LeadRow)[];

export type AdminLeadsFilter = {
  limit: number;
  offset: number;
  search?: string | undefined;
  cursor?: string | undefined;
  stage?: LeadStage | undefined;
  owner?: string | undefined;
  overdue?: boolean | undefined;
};

/**
 * The admin's lead list with where each lead stands in the pipeline: newest first by
 * (created_at, id). With a `cursor` the page is a keyset range (as cheap on the last page as
 * on the first); without one, `offset` pages as before. Overdue is "still new 24 hours after
 * it arrived" at `now`. The total never counts the whole table: unfiltered it is the
 * admin-counters projection's total_leads (the route waits for that projection too); a
 * filter counts at most FILTERED_TOTAL_CAP matches.
 */
export const listLeads = async (db: Queryable, query: AdminLeadsFilter, now: Date): Promise<AdminLeadsResponse> => {
  const pattern = toSearchPattern(query.search);
  const values: unknown[] = [now];
  const conditions: string[] = [];
  if (pattern) {
    values.push(pattern);
    conditions.push(
      containsAny(
        SEARCHED_COLUMNS.map((column) => `l.${column}`),
        values.length,
      ),
    );
  }
  conditions.push(...pipelineConditions(query, values));
  const page = await readKeysetPage<LeadPageRow & PipelineColumns>(db, {
    select: `${LEAD_LIST_COLUMNS}, ${pipelineSelect(1)}`,
    from: LEAD_WITH_PIPELINE,
    column: 'l.created_at',
    idColumn: 'l.id',
    conditions,
    values,
    total:
      conditions.length > 0
        ? boundedCountSql(LEAD_WITH_PIPELINE, `WHERE ${conditions.join(' AND ')}`)
        : countedTotalSql('total_leads'),
    limit: query.limit,
    offset: query.offset,
    cursor: cursorOf(query.cursor),
  });
  return {
    total: page.total,
    leads: page.rows.map((row) => ({ ...toLead(row), ...toPipeline(row) })),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    lastCursor: LAST_PAGE_CURSOR,
  };
};

/**
 * One keyset page for streaming every lead: each page costs the same however deep the
 * export has gone, unlike OFFSET, and leads created meanwhile never shift the pages.
 */
export const readLeadsPage = async (
  db: Queryable,
  options: { after?: LeadCursor | undefined; limit: number; search?: string | undefined },
): Promise<{ leads: Lead[]; next: LeadCursor | undefined }> => {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const pattern = toSearchPattern(options.search);
  if (pattern) {
    values.push(pattern);
    conditions.push(containsAny(SEARCHED_COLUMNS, values.length));
  }
  if (options.after) {
    values.push(options.after.createdAt, options.after.id);
    conditions.push(`(created_at, id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
  }
  values.push(options.limit);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const { rows } = await db.query<LeadPageRow>(
    `SELECT ${LEAD_VIEW_COLUMNS}, ${CURSOR_AT} FROM ${LEADS.table} ${where} ${NEWEST_FIRST} LIMIT $${values.length}`,
    values,
  );
  const last = rows.at(-1);
  const next = last && rows.length === options.limit ? { createdAt: last.cursor_at, id: last.id } : undefined;
  return { leads: rows.map(toLead), next };
};
