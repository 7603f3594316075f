// Everything the query API's specs take from the projector, in one module: they write the
// log and run the projections through it, so when a projection moves, only these lines change.

export { ALL_PROJECTIONS, startProjector, waitForProjections, type Projector } from '@acres/projector';
export { runProjectionsCli } from '@acres/projector/cli-run';
export { createLeadsProjection } from '@acres/projector/projections';
export * from '@acres/projector/test';
