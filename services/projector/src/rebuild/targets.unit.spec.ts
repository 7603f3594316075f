import { describe, expect, it } from 'vitest';
import { ALL_PROJECTIONS } from '../projections/index.ts';
import { findRebuildRecipe, listRebuildRecipes } from './targets.ts';

describe('the rebuild recipes', () => {
  it('cover every projection the projector runs', () => {
    expect(() => listRebuildRecipes()).not.toThrow();
    expect(listRebuildRecipes().map((recipe) => recipe.live.name)).toEqual(ALL_PROJECTIONS.map((projection) => projection.name));
  });

  it('build each projection under another name writing exactly the tables they are given', () => {
    for (const recipe of listRebuildRecipes()) {
      const tables = recipe.liveTables.map((table) => `${table}__r7`);
      const built = recipe.create({ name: `${recipe.live.name}@r7`, tables });
      expect(built.name).toBe(`${recipe.live.name}@r7`);
      expect(built.tables).toEqual(tables);
      expect([...built.handles].sort()).toEqual([...recipe.live.handles].sort());
      expect(recipe.liveTables).toEqual(recipe.live.tables);
    }
  });

  it('know the tables that start with one row, and both tables of the allocation', () => {
    expect(findRebuildRecipe('admin-counters')?.singletonTables).toEqual(['admin_counters']);
    expect(findRebuildRecipe('allocation')?.liveTables).toEqual(['allocation', 'allocation_partners']);
    expect(findRebuildRecipe('allocation')?.singletonTables).toEqual(['allocation']);
    expect(findRebuildRecipe('leads')?.singletonTables).toEqual([]);
  });

  it('refuse a projection without a recipe, saying where to add one', () => {
    expect(() => listRebuildRecipes([{ name: 'mystery', handles: [], apply: async () => {} }])).toThrow(
      "projection 'mystery' has no rebuild recipe: add it to services/projector/src/rebuild/targets.ts",
    );
  });
});
