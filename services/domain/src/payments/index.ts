export * from './decider.ts';
export * from './proof-claim.ts';
