export * from './decider.ts';
export * from './application-number.ts';
export * from './decision.ts';
