// Every read model the product serves, from the registry (one module each: definition,
// projection, queries, mapper). Each read model's own definition is imported from its
// subpath: @acres/read-models/leads, …/payments, ….

export type { ReadModel } from './shared/read-model.ts';
export {
  CHECKPOINT_NAMES,
  listReadModelModules,
  READ_MODEL_MODULES,
  READ_MODEL_NAMES,
  READ_MODELS,
  type ReadModelKey,
  type ReadModelModule,
} from './registry.ts';
