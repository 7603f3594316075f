// The admin dashboard's counters (SPEC 2 Admin): one row (the projector's
// projections/operations/admin-counters), read in one lookup as the contract's AdminCounters.

import { AdminCountersSchema, type AdminCounters } from '@acres/contracts/payment';
import type { Queryable } from '@acres/platform';
import { defineReadModel, selectList, type Position } from '../shared/read-model.ts';
import { createRowCodec, type RowOf } from '../shared/row-codec.ts';

export const ADMIN_COUNTERS = defineReadModel('admin-counters', 'admin_counters', '1700000000002_read-models.sql');

/** AdminCounters ↔ its columns (total_leads, …). */
const ADMIN_COUNTERS_ROW = createRowCodec(AdminCountersSchema);

/** The single row of the admin_counters table (seeded by its migration). */
export type AdminCountersRow = RowOf<AdminCounters> & {
  /** The high-water mark: the position of the last event counted. */
  last_position: Position;
  updated_at: Date;
};

const ZERO: AdminCounters = { totalLeads: 0, totalApplications: 0, totalPayments: 0, pendingApprovals: 0, approvedPayments: 0 };

export const toAdminCounters = (row: RowOf<AdminCounters> | undefined): AdminCounters =>
  row ? ADMIN_COUNTERS_ROW.fromRow(row) : ZERO;

/** The admin dashboard's counters: one row kept up to date by the admin_counters projection. */
export const readAdminCounters = async (db: Queryable): Promise<AdminCounters> => {
  const { rows } = await db.query<RowOf<AdminCounters>>(
    `SELECT ${selectList(ADMIN_COUNTERS_ROW.columns)} FROM ${ADMIN_COUNTERS.table} WHERE id`,
  );
  return toAdminCounters(rows[0]);
};

/**
 * A total as SQL: an unfiltered list's total from the admin-counters projection's row (one
 * primary-key lookup instead of count(*) over the table). The route waits for that
 * projection as well as the list's, so a caller's own write is in both.
 */
export const countedTotalSql = (column: keyof Pick<AdminCountersRow, 'total_leads' | 'total_applications' | 'total_payments'>) =>
  `SELECT ${column} FROM ${ADMIN_COUNTERS.table} WHERE id`;
