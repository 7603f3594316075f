export { buildCommandApp, commandApiPlugin, type BuildCommandAppOptions, type CommandApiOptions } from './app.ts';
export { CommandApiConfigSchema, type CommandApiConfig } from './config.ts';
export { handleCommand, IDEMPOTENCY_KEY_REUSED_MESSAGE, type CommandContext, type CommandOutcome } from './handle-command.ts';
export { applicationStreamId, idForIdempotencyKey, leadStreamId, normaliseEmail, uuidv5 } from './ids.ts';
export { IDEMPOTENCY_KEY_HEADER } from './request-context.ts';
