// Test and bench helpers for rebuilds and the hot standby: a realistic mixed log (leads,
// applications, users, payments and their decisions) appended fast through the event
// store port, and a comparison of read-model tables.

import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '@acres/eventstore/port';
import type { PoolClient, Queryable } from '@acres/platform/db';
import { quoteIdentifier, type Projection } from '@acres/read-models/projection';
import { createBuildingTables } from '../src/rebuild/tables.ts';
import { listRebuildRecipes, type RebuildRecipe } from '../src/rebuild/targets.ts';
import { applicationSubmittedData, newEvent, slotReservedData } from './harness.ts';

const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString();

/**
 * One unit of ten events whose order every projection accepts wherever the unit lands in
 * the log: 4 leads, an application, a user registered (and the email claim) then updating
 * the profile, a payment submitted then approved (or, every third, rejected).
 */
export const buildMixedUnit = (n: number): NewEvent[] => {
  const userId = randomUUID();
  const paymentId = randomUUID();
  const acres = 1 + (n % 20);
  const payment = { paymentId, userId, acres, amount: acres * 3_500_000 };
  const decision = n % 3 === 0 ? 'PaymentRejected' : 'PaymentApproved';
  return [
    ...[0, 1, 2, 3].map((k) => newEvent('SlotReserved', slotReservedData(n * 4 + k))),
    newEvent('ApplicationSubmitted', applicationSubmittedData(n)),
    newEvent('UserRegistered', {
      userId,
      email: `user${n}@example.ng`,
      firstName: `First${n}`,
      lastName: 'Okafor',
      profileImageUrl: null,
      registeredAt: at(n),
    }),
    newEvent('UserEmailClaimed', { userId, email: `user${n}@example.ng`, claimedAt: at(n) }),
    newEvent('PaymentProofSubmitted', {
      ...payment,
      leadId: null,
      proofImagePath: `/objects/uploads/${paymentId}`,
      submittedAt: at(n + 1),
    }),
    newEvent('UserProfileUpdated', {
      userId,
      firstName: `Renamed${n}`,
      lastName: 'Okafor',
      profileImageUrl: null,
      updatedAt: at(n + 2),
    }),
    newEvent(decision, { ...payment, adminNotes: n % 2 === 0 ? '' : `checked ${n}`, decidedBy: 'admin', decidedAt: at(n + 3) }),
  ];
};

export const EVENTS_PER_UNIT = 10;

/**
 * Appends `units` mixed units (10 events each), unitsPerAppend units per append on a
 * stream of their own, `concurrency` appends in flight. Returns the head position.
 */
export const appendMixedLog = async (
  eventStore: EventStore,
  options: { units: number; firstUnit?: number; unitsPerAppend?: number; concurrency?: number; signal?: AbortSignal },
) => {
  const first = options.firstUnit ?? 0;
  const perAppend = options.unitsPerAppend ?? 10;
  const appends = Math.ceil(options.units / perAppend);
  let next = 0;
  let head = 0n;
  await Promise.all(
    Array.from({ length: options.concurrency ?? 8 }, async () => {
      while (next < appends && !options.signal?.aborted) {
        const index = next++;
        const start = first + index * perAppend;
        const end = Math.min(first + options.units, start + perAppend);
        const events = Array.from({ length: end - start }, (_, k) => buildMixedUnit(start + k)).flat();
        const result = await eventStore.appendToStream(`seed-${randomUUID()}`, events, { expectedRevision: 'no_stream' });
        if (result.position > head) head = result.position;
      }
    }),
  );
  return head;
};

/**
 * Rows of a table as comparable text, in a stable order. `ignore` drops columns a
 * projection stamps with the time it ran (now()) rather than from the events.
 */
export const readTableRows = async (db: Queryable, table: string, options: { ignore?: readonly string[] } = {}) => {
  const { rows } = await db.query<{ row: string }>(
    `SELECT (to_jsonb(t) - $1::text[])::text AS row FROM ${quoteIdentifier(table)} AS t ORDER BY 1`,
    [options.ignore ?? []],
  );
  return rows.map((row) => row.row);
};

/** Columns set from the clock when a projection writes, not from the log. */
export const CLOCK_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  admin_counters: ['updated_at'],
  allocation: ['updated_at'],
};

export type ReferenceProjection = { recipe: RebuildRecipe; projection: Projection; tables: { live: string; copy: string }[] };

/**
 * Every projection once more under '<name>-<suffix>', writing '<table>__<suffix>' tables
 * made like the live ones: run beside the live projections (or alone, from 0) they give
 * the read models to compare the live ones with.
 */
export const createReferenceProjections = async (client: PoolClient, suffix: string): Promise<ReferenceProjection[]> => {
  const references: ReferenceProjection[] = [];
  for (const recipe of listRebuildRecipes()) {
    const tables = recipe.liveTables.map((live) => ({ live, copy: `${live}__${suffix}` }));
    await createBuildingTables(client, {
      tables: tables.map((pair) => ({ live: pair.live, building: pair.copy })),
      singletonTables: recipe.singletonTables,
    });
    const projection = recipe.create({ name: `${recipe.live.name}-${suffix}`, tables: tables.map((pair) => pair.copy) });
    references.push({ recipe, projection, tables });
  }
  return references;
};

/** Table by table, the live rows and the reference rows (clock columns left out). */
export const readLiveAndReference = async (db: Queryable, references: readonly ReferenceProjection[]) => {
  const result: { table: string; live: string[]; reference: string[] }[] = [];
  for (const { tables } of references) {
    for (const pair of tables) {
      const ignore = CLOCK_COLUMNS[pair.live] ?? [];
      result.push({
        table: pair.live,
        live: await readTableRows(db, pair.live, { ignore }),
        reference: await readTableRows(db, pair.copy, { ignore }),
      });
    }
  }
  return result;
};
