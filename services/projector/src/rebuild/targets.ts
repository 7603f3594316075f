// What the rebuild CLI needs to know about each projection beyond the Projection object:
// how to build the same projection under another checkpoint name writing into other
// tables, and which of its tables the migrations seed with their single row. Both come
// from the read model's module in @acres/read-models' registry.

import type { Projection } from '@acres/read-models/projection';
import { listReadModelModules } from '@acres/read-models/registry';
import { ALL_PROJECTIONS } from '../projections/index.ts';

export type RebuildRecipe = {
  /** The projection as it runs live: its checkpoint name and its tables. */
  live: Projection;
  liveTables: readonly string[];
  /** The same projection under checkpoint `name`, writing into `tables` (in the order of liveTables). */
  create(options: { name: string; tables: readonly string[] }): Projection;
  /** Tables that hold one row from their migration on (INSERT … DEFAULT VALUES); a fresh copy starts the same way. */
  singletonTables: readonly string[];
};

const RECIPES: readonly RebuildRecipe[] = listReadModelModules().map((module) => {
  const live = module.createProjection();
  return {
    live,
    liveTables: live.tables ?? [],
    create: (target) => module.createProjection(target),
    singletonTables: module.singletonTables,
  };
});

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
