export * from './decider.ts';
