// SPEC 3 leads: one row per SlotReserved (leads-projection.ts), read by the admin's lead
// list and the CSV export (leads-queries.ts) as the contract's Lead. The row is the
// contract: its columns are the Lead's fields in snake_case, plus three never shown.

import { LeadSchema, type Lead } from '@acres/contracts/lead';
import { defineReadModel, selectList, type Position, type SqlTypes } from '../shared/read-model.ts';
import { createRowCodec, type RowOf } from '../shared/row-codec.ts';

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

export const toLead = (row: LeadView): Lead => LEAD_ROW.fromRow(row);
