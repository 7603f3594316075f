export * from './commands.ts';
export * from './decider.ts';
export * from './messages.ts';
export * from './referral-code.ts';
export * from './state.ts';
export * from './sale-id.ts';
