// What the rebuild CLI needs to know about each projection beyond the Projection object:
// how to build the same projection under another checkpoint name writing into other
// tables (the factories take { name?, table? }), and which of its tables the migrations
// seed with their single row. A new read model is added here as well as to ALL_PROJECTIONS
// (targets.unit.spec.ts fails until it is).

import { ALLOCATION } from '@acres/read-models/allocation';
import type { Projection } from '../projections/projection.ts';
import {
  ALL_PROJECTIONS,
  createAdminCountersProjection,
  createAffiliateSalesProjection,
  createAffiliatesProjection,
  createAllocationProjection,
  createAuditLogProjection,
  createBusinessSettingsProjection,
  createConsentHistoryProjection,
  createLeadsProjection,
  createPaymentHistoryProjection,
  createPaymentsProjection,
  createPayoutBatchesProjection,
  createSubscriptionsProjection,
  createUsersProjection,
  createVerifiedPhonesProjection,
} from '../projections/index.ts';

export type RebuildRecipe = {
  /** The projection as it runs live: its checkpoint name and its tables. */
  live: Projection;
  liveTables: readonly string[];
  /** The same projection under checkpoint `name`, writing into `tables` (in the order of liveTables). */
  create(options: { name: string; tables: readonly string[] }): Projection;
  /** Tables that hold one row from their migration on (INSERT … DEFAULT VALUES); a fresh copy starts the same way. */
  singletonTables: readonly string[];
};

type SingleTableFactory = (options: { name?: string; table?: string }) => Projection;

const singleTable = (factory: SingleTableFactory, options: { singleton?: boolean } = {}): RebuildRecipe => {
  const live = factory({});
  const liveTables = live.tables ?? [];
  if (liveTables.length !== 1)
    throw new Error(`projection '${live.name}' declares ${liveTables.length} tables; its rebuild recipe expects one`);
  return {
    live,
    liveTables,
    create: ({ name, tables }) => factory({ name, table: tables[0] }),
    singletonTables: options.singleton ? liveTables : [],
  };
};

const allocation = (): RebuildRecipe => {
  const live = createAllocationProjection();
  return {
    live,
    liveTables: live.tables ?? [],
    create: ({ name, tables }) => createAllocationProjection({ name, table: tables[0], partnersTable: tables[1] }),
    singletonTables: [ALLOCATION.table],
  };
};

// The payments projection keeps its investors' names and emails (for the audit's search) in a second table.
const payments = (): RebuildRecipe => {
  const live = createPaymentsProjection();
  return {
    live,
    liveTables: live.tables ?? [],
    create: ({ name, tables }) => createPaymentsProjection({ name, table: tables[0], investorsTable: tables[1] }),
    singletonTables: [],
  };
};

// The users projection keeps the addresses each account verified in a second table.
const users = (): RebuildRecipe => {
  const live = createUsersProjection();
  return {
    live,
    liveTables: live.tables ?? [],
    create: ({ name, tables }) => createUsersProjection({ name, table: tables[0], verifiedEmailsTable: tables[1] }),
    singletonTables: [],
  };
};

// The verified-phones projection keeps the code each account waits on in a second table.
const verifiedPhones = (): RebuildRecipe => {
  const live = createVerifiedPhonesProjection();
  return {
    live,
    liveTables: live.tables ?? [],
    create: ({ name, tables }) => createVerifiedPhonesProjection({ name, table: tables[0], pendingTable: tables[1] }),
    singletonTables: [],
  };
};

const RECIPES: readonly RebuildRecipe[] = [
  singleTable(createLeadsProjection),
  singleTable(createSubscriptionsProjection),
  singleTable(createAdminCountersProjection, { singleton: true }),
  users(),
  payments(),
  singleTable(createPaymentHistoryProjection),
  allocation(),
  singleTable(createAffiliatesProjection),
  singleTable(createAffiliateSalesProjection),
  singleTable(createBusinessSettingsProjection),
  singleTable(createAuditLogProjection),
  singleTable(createPayoutBatchesProjection),
  singleTable(createConsentHistoryProjection),
  verifiedPhones(),
];

const byName = new Map(RECIPES.map((recipe) => [recipe.live.name, recipe]));

export const findRebuildRecipe = (name: string): RebuildRecipe | undefined => byName.get(name);

/** Every projection the projector runs, in its order; refuses one the CLI cannot rebuild. */
export const listRebuildRecipes = (projections: readonly Projection[] = ALL_PROJECTIONS): RebuildRecipe[] =>
  projections.map((projection) => {
    const recipe = byName.get(projection.name);
    if (!recipe) {
      throw new Error(
        `projection '${projection.name}' has no rebuild recipe: add it to services/projector/src/rebuild/targets.ts`,
      );
    }
    return recipe;
  });

export const rebuildableNames = () => ALL_PROJECTIONS.map((projection) => projection.name);
