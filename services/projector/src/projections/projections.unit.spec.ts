import { READ_MODELS } from '@acres/read-models';
import { describe, expect, it } from 'vitest';
import { ALL_PROJECTIONS } from './index.ts';

describe('ALL_PROJECTIONS', () => {
  it('runs one projection per read-model definition, under its checkpoint name, writing its table', () => {
    expect(ALL_PROJECTIONS.map((projection) => projection.name)).toEqual(READ_MODELS.map((model) => model.name));
    expect(ALL_PROJECTIONS.map((projection) => projection.tables?.[0])).toEqual(READ_MODELS.map((model) => model.table));
  });
});
