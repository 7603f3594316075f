// The project's allocation (DESIGN 9): acres approved and the distinct investors with an
// approved payment (partners), in one row (the projector's projections/allocation), read
// by the admin as the contract's Allocation against 200 acres and 10 partner slots.

import { PARTNER_SLOTS, PROJECT_ACRES } from '@acres/contracts/constants';
import { EMPTY_ALLOCATION, type Allocation } from '@acres/contracts/payment';
import type { Queryable } from '@acres/platform';
import { defineReadModel, type Position } from '../shared/read-model.ts';

export const ALLOCATION = {
  ...defineReadModel('allocation', 'allocation', '1700000000006_payments.sql'),
  /** One row per partner (the first approval of each investor), so a partner counts once. */
  partnersTable: 'allocation_partners',
};

/** The single row of the allocation table (seeded by its migration). */
export type AllocationRow = {
  acres_approved: number;
  approved_payments: number;
  partners: number;
  /** The high-water mark: the position of the last approval counted. */
  last_position: Position;
  updated_at: Date;
};

export const toAllocation = (row: Pick<AllocationRow, 'acres_approved' | 'partners'> | undefined): Allocation => {
  if (!row) return EMPTY_ALLOCATION;
  return {
    acresApproved: row.acres_approved,
    // Never negative, even if the log ever held more than the limit allows.
    acresRemaining: Math.max(0, PROJECT_ACRES - row.acres_approved),
    partners: row.partners,
    partnerSlots: PARTNER_SLOTS,
  };
};

/** The project's allocation: approved acres and partners against 200 acres and 10 slots. */
export const readAllocation = async (db: Queryable): Promise<Allocation> => {
  const { rows } = await db.query<Pick<AllocationRow, 'acres_approved' | 'partners'>>(
    `SELECT acres_approved, partners FROM ${ALLOCATION.table} WHERE id`,
  );
  return toAllocation(rows[0]);
};
