export * from './email-claim.ts';
export * from './user.ts';
