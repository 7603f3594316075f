export * from './decider.ts';
export * from './state.ts';
export * from './application-number.ts';
export * from './decision.ts';
