export * from './decider.ts';
export * from './consent-given.ts';
export * from './suppression.ts';
