export * from './erasure.ts';
