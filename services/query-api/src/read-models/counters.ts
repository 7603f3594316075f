import type { AdminCounters } from '@acres/contracts/payment';
import type { Queryable } from '@acres/platform';

type CountersRow = {
  total_leads: number;
  total_applications: number;
  total_payments: number;
  pending_approvals: number;
  approved_payments: number;
};

const ZERO: AdminCounters = { totalLeads: 0, totalApplications: 0, totalPayments: 0, pendingApprovals: 0, approvedPayments: 0 };

/** The admin dashboard's counters: one row kept up to date by the admin_counters projection. */
export const readAdminCounters = async (db: Queryable): Promise<AdminCounters> => {
  const { rows } = await db.query<CountersRow>(
    `SELECT total_leads, total_applications, total_payments, pending_approvals, approved_payments
       FROM admin_counters WHERE id`,
  );
  const row = rows[0];
  if (!row) return ZERO;
  return {
    totalLeads: row.total_leads,
    totalApplications: row.total_applications,
    totalPayments: row.total_payments,
    pendingApprovals: row.pending_approvals,
    approvedPayments: row.approved_payments,
  };
};
