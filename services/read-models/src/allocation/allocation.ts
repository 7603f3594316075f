// The project's allocation (DESIGN 9): acres approved and the distinct investors with an
// approved payment (partners), in one row, read by the admin as the contract's Allocation
// against 200 acres and 10 partner slots. The allocation stream guarantees the limits; this
// only reports what it approved. Its rules are the domain's: the same fold the command side
// decides with (@acres/domain's foldAllocation) tallies the approvals for the projection and
// for a view as of a log position. Approvals add acres; an investor's first approval adds a
// partner; nothing else moves the allocation.
//
// Idempotency: partners are rows keyed by user id (a replay inserts nothing); the sums
// keep the high-water mark of the last approval counted, as admin_counters does, so a
// replayed approval at or below the mark adds nothing.

import { DEFAULT_BUSINESS_TERMS, type BusinessTerms } from '@acres/contracts/business-terms';
import { type Allocation, EMPTY_ALLOCATION } from '@acres/contracts/payment';
import type { Queryable } from '@acres/platform';
import { defineReadModel, type Position } from '../shared/read-model.ts';
import { readBusinessTerms } from '../settings/business-settings-queries.ts';
import {
  type AllocationEvent,
  type AllocationState,
  foldAllocation as foldDecisions,
  initialAllocationState,
} from '@acres/domain';
import { type LoggedEvent, parseEventData } from '../shared/event-data.ts';
import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { mapEvents, type Projection, quoteIdentifier } from '../shared/projection/projection.ts';
import { defineProjection, type ProjectionTarget, resolveTarget } from '../shared/projection/define-projection.ts';

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

export const toAllocation = (
  row: Pick<AllocationRow, 'acres_approved' | 'partners'> | undefined,
  terms: Pick<BusinessTerms, 'projectAcres' | 'partnerCap'> = DEFAULT_BUSINESS_TERMS,
): Allocation => {
  const { acresApproved, partners } = row ? { acresApproved: row.acres_approved, partners: row.partners } : EMPTY_ALLOCATION;
  return {
    acresApproved,
    // Never negative, even if the log ever held more than the limit allows.
    acresRemaining: Math.max(0, terms.projectAcres - acresApproved),
    partners,
    partnerSlots: terms.partnerCap,
  };
};

/** The project's allocation: approved acres and partners against the project's size and partner cap in force. */
export const readAllocation = async (db: Queryable): Promise<Allocation> => {
  const { rows } = await db.query<Pick<AllocationRow, 'acres_approved' | 'partners'>>(
    `SELECT acres_approved, partners FROM ${ALLOCATION.table} WHERE id`,
  );
  return toAllocation(rows[0], await readBusinessTerms(db));
};

export const ALLOCATION_EVENTS = ['PaymentApproved'] as const;

export type AllocationTally = AllocationState;

export const EMPTY_TALLY: AllocationTally = initialAllocationState;

/** A logged decision as the domain's fold takes it, checked against the catalogue. */
export const toAllocationEvent = (event: LoggedEvent): AllocationEvent => {
  if (event.type === 'PaymentApproved') return { type: event.type, data: parseEventData(event.type, event) };
  if (event.type === 'PaymentRejected') return { type: event.type, data: parseEventData(event.type, event) };
  throw new Error(`allocation does not handle ${event.type}`);
};

/** Adds decisions to a tally (pure: the given tally is not modified). */
export const tallyDecisions = (tally: AllocationTally, decisions: readonly AllocationEvent[]): AllocationTally =>
  foldDecisions(tally, decisions);

export const toAllocationOf = (tally: AllocationTally): Allocation =>
  toAllocation({ acres_approved: tally.acresApproved, partners: tally.partners.size });

/** The allocation the events make: only approvals count, in any order. */
export const foldAllocation = (events: readonly LoggedEvent[]): Allocation =>
  toAllocationOf(tallyDecisions(EMPTY_TALLY, events.filter((event) => event.type === 'PaymentApproved').map(toAllocationEvent)));

export const createAllocationProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, ALLOCATION, ALLOCATION.partnersTable);
  const [tableName, partnersName] = tables;
  const table = quoteIdentifier(tableName);
  const partners = quoteIdentifier(partnersName);
  const readSql = `
    SELECT (SELECT acres_approved FROM ${table} WHERE id) AS acres_approved,
           (SELECT last_position::text FROM ${table} WHERE id) AS last_position,
           ARRAY(SELECT user_id::text FROM ${partners}) AS partners`;
  const addPartnersSql = `
    INSERT INTO ${partners} (user_id, first_approved_at, global_position)
    SELECT DISTINCT ON (user_id) user_id, at, position
      FROM unnest($1::uuid[], $2::timestamptz[], $3::bigint[]) AS e(user_id, at, position)
     ORDER BY user_id, position
    ON CONFLICT (user_id) DO NOTHING`;
  const writeSql = `
    INSERT INTO ${table} AS a (id, acres_approved, approved_payments, partners, last_position, updated_at)
    VALUES (true, $1, $2, $3, $4, now())
    ON CONFLICT (id) DO UPDATE SET
      acres_approved = excluded.acres_approved,
      approved_payments = a.approved_payments + excluded.approved_payments,
      partners = excluded.partners,
      last_position = excluded.last_position,
      updated_at = excluded.updated_at`;

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    const approvals = mapEvents(events, (event) => ({ position: event.globalPosition, decision: toAllocationEvent(event) }));
    if (approvals.length === 0) return;
    const { rows } = await client.query<{ acres_approved: number | null; last_position: string | null; partners: string[] }>(
      readSql,
    );
    const row = rows[0];
    const mark = BigInt(row?.last_position ?? '0');
    const counted = approvals.filter((approval) => approval.position > mark);
    const last = counted.at(-1);
    if (last) {
      const before: AllocationTally = {
        ...EMPTY_TALLY,
        acresApproved: row?.acres_approved ?? 0,
        partners: new Set(row?.partners ?? []),
      };
      const after = tallyDecisions(
        before,
        counted.map((approval) => approval.decision),
      );
      await client.query(writeSql, [after.acresApproved, counted.length, after.partners.size, last.position.toString()]);
    }
    await client.query(addPartnersSql, [
      approvals.map((approval) => approval.decision.data.userId),
      approvals.map((approval) => approval.decision.data.decidedAt),
      approvals.map((approval) => approval.position.toString()),
    ]);
  };

  return defineProjection({
    name,
    handles: ALLOCATION_EVENTS,
    tables,
    applyBatch,
  });
};
