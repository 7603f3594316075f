// Test helpers other workspaces use to give the projector a log to work on: real,
// schema-checked events appended through the event store port (import from
// '@acres/projector/test').

export { appendEach, applicationSubmittedData, newEvent, slotReservedData } from './harness.ts';
export { ALLOCATION_STREAM, decidePayment, nextTime, submitPayment } from './payments.ts';
export {
  affiliateLog,
  affiliateStream,
  nextReferralCode,
  registerAffiliate,
  rejectSale,
  reportSale,
  verifySale,
  type AffiliateLog,
  type RegisteredAffiliate,
  type RejectedSale,
  type ReportedSale,
  type VerifiedSale,
  type VerifyInput,
} from './affiliates.ts';
// A clean replay of the log beside the live read models, and the two compared (the topology and standby specs).
export { createReferenceProjections, readLiveAndReference, type ReferenceProjection } from './rebuild.ts';
export { CLOCK_COLUMNS, readTableRows } from './rebuild.ts';
export { countAppliedEvents, readLastWrittenPosition, replayCleanly, type AppliedCount } from './clean-replay.ts';
// The projections CLI run in the spec's process against a harness's database.
export { runCli } from './cli.ts';
