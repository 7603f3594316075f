// The admin dashboard's counters (SPEC 2 Admin): one row (the projector's
// projections/operations/admin-counters), read in one lookup as the contract's AdminCounters.

import type { AdminCounters } from '@acres/contracts/payment';
import type { Queryable } from '@acres/platform';
import { defineReadModel, type Position } from '../shared/read-model.ts';

export const ADMIN_COUNTERS = defineReadModel('admin-counters', 'admin_counters', '1700000000002_read-models.sql');

/** The single row of the admin_counters table (seeded by its migration). */
export type AdminCountersRow = {
  total_leads: number;
  total_applications: number;
  total_payments: number;
  pending_approvals: number;
  approved_payments: number;
  /** The high-water mark: the position of the last event counted. */
  last_position: Position;
  updated_at: Date;
};

const ZERO: AdminCounters = { totalLeads: 0, totalApplications: 0, totalPayments: 0, pendingApprovals: 0, approvedPayments: 0 };

export const toAdminCounters = (row: Omit<AdminCountersRow, 'last_position' | 'updated_at'> | undefined): AdminCounters => {
  if (!row) return ZERO;
  return {
    totalLeads: row.total_leads,
    totalApplications: row.total_applications,
    totalPayments: row.total_payments,
    pendingApprovals: row.pending_approvals,
    approvedPayments: row.approved_payments,
  };
};

/** The admin dashboard's counters: one row kept up to date by the admin_counters projection. */
export const readAdminCounters = async (db: Queryable): Promise<AdminCounters> => {
  const { rows } = await db.query<Omit<AdminCountersRow, 'last_position' | 'updated_at'>>(
    `SELECT total_leads, total_applications, total_payments, pending_approvals, approved_payments
       FROM ${ADMIN_COUNTERS.table} WHERE id`,
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
