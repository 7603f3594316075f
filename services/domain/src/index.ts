export * from './decider.ts';
export * from './validation.ts';
export * from './leads/index.ts';
export * from './applications/index.ts';
export * from './payments/index.ts';
export * from './allocation/index.ts';
export * from './affiliates/index.ts';
export * from './identity/index.ts';
