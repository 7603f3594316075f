export * from './phone-verification.ts';
