export { buildCommandApp, commandApiPlugin, type BuildCommandAppOptions, type CommandApiOptions } from './app.ts';
export { CommandApiConfigSchema, type CommandApiConfig } from './config.ts';
export {
  handleCommand,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  type CommandContext,
  type CommandOutcome,
} from './commands/handle-command.ts';
export { idForIdempotencyKey, normaliseEmail, uuidv5 } from './commands/ids.ts';
export { IDEMPOTENCY_KEY_HEADER } from './commands/request-context.ts';
export { leadStreamId } from './leads/streams.ts';
export { applicationStreamId } from './applications/streams.ts';
export { identityPlugin, type IdentityLimits, type IdentityPluginOptions } from './identity/plugin.ts';
export { OIDC_CONFIG_SHAPE, refineOidc, toOidcOptions } from './identity/config.ts';
export type { OidcOptions } from './identity/oidc/client.ts';
export { paymentStreamId } from './payments/streams.ts';
export { ALLOCATION_STREAM_ID } from './allocation/streams.ts';
export * from './uploads/index.ts';
export { consentPlugin, type ConsentPluginOptions } from './consent/plugin.ts';
export { ConsentConfigShape, toConsentWebhookSecrets, type ConsentWebhookSecrets } from './consent/config.ts';
export { consentStreamId } from './consent/streams.ts';
export { erasurePlugin, type ErasureOptions } from './erasure/plugin.ts';
export type { PersonLookup } from '@acres/contracts/erasure';
export { openUploadsStore, registerAccountPlugins, type AccountPluginsConfig } from './account-plugins.ts';
export { documentsPlugin, type DocumentsPluginOptions } from './documents/plugin.ts';
