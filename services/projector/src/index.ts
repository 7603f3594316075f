export { startProjector, type Projector, type ProjectorOptions } from './runner/runner.ts';
export type { ProjectionState, ProjectionStatus } from './runner/status.ts';
export type { Projection } from '@acres/read-models/projection';
export {
  ALL_PROJECTIONS,
  createAdminCountersProjection,
  createLeadsProjection,
  createSubscriptionsProjection,
} from './projections/index.ts';
export { resumeProjection } from './runner/checkpoints.ts';
// For code that runs a projector and then waits for it (tests, the bench); the query API
// takes it from @acres/read-models/freshness.
export { waitForProjections } from '@acres/read-models/freshness';
export { startOperationsWorker, type OperationsWorker } from './operations/worker.ts';
export { startLogAuditWorker, type LogAuditWorker } from './audit/log-audit-worker.ts';
export { advanceLeadsOnce, startLeadAdvances, type LeadAdvancesWorker } from './reactions/lead-advances.ts';
