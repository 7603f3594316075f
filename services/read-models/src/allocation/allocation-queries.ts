import type { Allocation } from '@acres/contracts/payment';
import type { Queryable } from '@acres/platform';
import { ALLOCATION, toAllocation, type AllocationRow } from './allocation.ts';

/** The project's allocation: approved acres and partners against 200 acres and 10 slots. */
export const readAllocation = async (db: Queryable): Promise<Allocation> => {
  const { rows } = await db.query<Pick<AllocationRow, 'acres_approved' | 'partners'>>(
    `SELECT acres_approved, partners FROM ${ALLOCATION.table} WHERE id`,
  );
  return toAllocation(rows[0]);
};
