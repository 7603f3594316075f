export * from './decider.ts';
export * from './validation.ts';
export * from './lead/index.ts';
export * from './application/index.ts';
