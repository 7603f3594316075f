export * from './phone-verification.ts';
export * from './limits.ts';
