export * from './document-decider.ts';
export * from './materials-link-decider.ts';
