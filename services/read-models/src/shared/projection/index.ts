// What the projector's runner and rebuild need to run the projections this package defines.

export { createBulkInsert, type ColumnTypes } from './bulk-insert.ts';
export { describeError, ProjectionEventError } from './errors.ts';
export {
  createdByUserOf,
  firstDecisionPerId,
  mapEvents,
  parseEventData,
  quoteIdentifier,
  type Projection,
  type ProjectionLog,
} from './projection.ts';
export { withErasure, type ErasureContext } from './with-erasure.ts';
