import type { AdminCounters } from '@acres/contracts/payment';
import type { Queryable } from '@acres/platform';
import { ADMIN_COUNTERS, toAdminCounters, type AdminCountersRow } from './admin-counters.ts';

/** The admin dashboard's counters: one row kept up to date by the admin_counters projection. */
export const readAdminCounters = async (db: Queryable): Promise<AdminCounters> => {
  const { rows } = await db.query<Omit<AdminCountersRow, 'last_position' | 'updated_at'>>(
    `SELECT total_leads, total_applications, total_payments, pending_approvals, approved_payments
       FROM ${ADMIN_COUNTERS.table} WHERE id`,
  );
  return toAdminCounters(rows[0]);
};
