export * from './decider.ts';
export * from './pipeline.ts';
export * from './stage-rules.ts';
