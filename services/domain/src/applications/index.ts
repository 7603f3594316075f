export * from './decider.ts';
export * from './application-number.ts';
