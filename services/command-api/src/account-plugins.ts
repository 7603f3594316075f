import type { FastifyInstance } from 'fastify';
import type { EventStore } from '@acres/eventstore/port';
import type { KeyVault } from '@acres/eventstore/protect';
import type { Pool } from '@acres/platform/db';
import type { AdminGuard } from './commands/deps.ts';
import { toConsentWebhookSecrets } from './consent/config.ts';
import { consentPlugin } from './consent/plugin.ts';
import type { PersonLookup } from '@acres/contracts/erasure';
import { erasurePlugin } from './erasure/plugin.ts';
import { documentsPlugin } from './documents/plugin.ts';
import { toOidcOptions } from './identity/config.ts';
import { identityPlugin } from './identity/plugin.ts';
import { s3OptionsFromConfig } from './uploads/config.ts';
import type { ObjectStore } from './uploads/object-store.ts';
import { createObjectStore, uploadsPlugin } from './uploads/plugin.ts';
import { resolveUploadSigningSecret } from './uploads/signing-secret.ts';
import { staffPlugin } from './staff/plugin.ts';

/** The keys the plugins below read: the command API's configuration and the standalone server's both have them. */
export type AccountPluginsConfig = Parameters<typeof toOidcOptions>[0] &
  Parameters<typeof s3OptionsFromConfig>[0] &
  Parameters<typeof toConsentWebhookSecrets>[0] & {
    DATA_DIR: string;
    UPLOAD_SIGNING_SECRET?: string | undefined;
    MATERIALS_LINK_DAYS?: number | undefined;
  };

/**
 * The uploads' object store (local folder or S3 bucket) as configured: the same one the uploads
 * plugin writes, for the commands that name a proof and the query side's data exports.
 */
export const openUploadsStore = async (config: AccountPluginsConfig) =>
  createObjectStore({
    dataDir: config.DATA_DIR,
    signingSecret: await resolveUploadSigningSecret({ dataDir: config.DATA_DIR, secret: config.UPLOAD_SIGNING_SECRET }),
    s3: s3OptionsFromConfig(config),
  });

/**
 * The command side's plugins beside commandApiPlugin, as the command API's server and the
 * standalone server both mount them: identity (sessions, accounts), uploads, the admin's
 * erasure and staff accounts (with an admin guard) and consent (the inbound webhooks and the email unsubscribe).
 */
export const registerAccountPlugins = async (
  app: FastifyInstance,
  options: {
    config: AccountPluginsConfig;
    eventStore: EventStore;
    pool: Pool;
    vault: KeyVault;
    adminGuard: AdminGuard | undefined;
    /** Signs links in messages (password reset, unsubscribe): the notifier mints them, these routes check them. */
    linkSigningSecret: string;
    /** The erasure's query port onto the read side (the composition root passes @acres/read-models' lookup). */
    personLookup: PersonLookup;
    /** The uploads' store (openUploadsStore), the one the commands check proofs with: erasure deletes from it. */
    objectStore: ObjectStore;
  },
) => {
  const { config, eventStore, pool, vault, adminGuard, linkSigningSecret, personLookup, objectStore } = options;
  await app.register(identityPlugin, {
    eventStore,
    pool,
    addressDigest: vault.addressDigest,
    oidc: toOidcOptions(config),
    linkSigningSecret,
    adminGuard,
  });
  const signingSecret = await resolveUploadSigningSecret({ dataDir: config.DATA_DIR, secret: config.UPLOAD_SIGNING_SECRET });
  const s3 = s3OptionsFromConfig(config);
  await app.register(uploadsPlugin, { pool, dataDir: config.DATA_DIR, signingSecret, adminGuard, s3 });
  // The admin's erasure destroys keys in this vault and objects in this store.
  if (adminGuard) await app.register(erasurePlugin, { eventStore, pool, vault, objectStore, adminGuard, personLookup });
  // Staff accounts: the owner (the Basic-auth admin) invites them, the emailed link lets them in.
  if (adminGuard) {
    await app.register(staffPlugin, { eventStore, pool, addressDigest: vault.addressDigest, linkSigningSecret, adminGuard });
  }
  await app.register(documentsPlugin, {
    eventStore,
    addressDigest: vault.addressDigest,
    pool,
    objectStore,
    adminGuard,
    linkSigningSecret,
    materialsLinkDays: config.MATERIALS_LINK_DAYS,
  });
  await app.register(consentPlugin, {
    eventStore,
    addressDigest: vault.addressDigest,
    linkSigningSecret,
    secrets: toConsentWebhookSecrets(config),
  });
};
