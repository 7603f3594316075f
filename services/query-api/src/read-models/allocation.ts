import { PARTNER_SLOTS, PROJECT_ACRES } from '@acres/contracts/constants';
import { EMPTY_ALLOCATION, type Allocation } from '@acres/contracts/payment';
import type { Queryable } from '@acres/platform';

/** The project's allocation: approved acres and partners against 200 acres and 10 slots. */
export const readAllocation = async (db: Queryable): Promise<Allocation> => {
  const { rows } = await db.query<{ acres_approved: number; partners: number }>('SELECT acres_approved, partners FROM allocation WHERE id');
  const row = rows[0];
  if (!row) return EMPTY_ALLOCATION;
  return {
    acresApproved: row.acres_approved,
    // Never negative, even if the log ever held more than the limit allows.
    acresRemaining: Math.max(0, PROJECT_ACRES - row.acres_approved),
    partners: row.partners,
    partnerSlots: PARTNER_SLOTS,
  };
};
