export * from './decider.ts';
export * from './consent-given.ts';
