export { startProjector, type Projector, type ProjectorOptions } from './runner.ts';
export type { ProjectionState, ProjectionStatus } from './status.ts';
export type { Projection } from './projection.ts';
export { ALL_PROJECTIONS, createAdminCountersProjection, createLeadsProjection, createSubscriptionsProjection } from './projections/index.ts';
export { readProjectionStatus, type StoredProjectionStatus } from './read-status.ts';
export { waitForProjections } from './wait.ts';
export { resumeProjection, CHECKPOINT_CHANNEL } from './checkpoints.ts';
