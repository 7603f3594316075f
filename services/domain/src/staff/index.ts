export * from './decider.ts';
export * from './messages.ts';
