export * from './decider.ts';
export * from './validation.ts';
export * from './lead/index.ts';
export * from './application/index.ts';
export * from './payment/index.ts';
export * from './allocation/index.ts';
export * from './affiliate/index.ts';
export * from './user/index.ts';
