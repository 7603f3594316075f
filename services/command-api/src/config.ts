import { BaseConfigSchema, listenConfigShape, refineEventStore, RequiredDatabaseUrlSchema } from '@acres/platform/config';
import { z } from 'zod';
import { TrustProxyConfigShape } from '@acres/platform/observability-config';
import { LinkSigningConfigShape } from '@acres/platform/signing';
import { OIDC_CONFIG_SHAPE, refineOidc } from './identity/config.ts';
import { refineUploadsConfig, UploadsConfigShape } from './uploads/config.ts';
import { BusinessSettingsConfigShape, refineBusinessSettingsConfig } from './settings/config.ts';
import { ConsentConfigShape } from './consent/config.ts';
import { DocumentsConfigShape } from './documents/config.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Environment of the command API run on its own (the standalone server has its own). */
export const CommandApiConfigSchema = BaseConfigSchema.extend({
  ...OIDC_CONFIG_SHAPE,
  ...UploadsConfigShape,
  ...LinkSigningConfigShape,
  ...TrustProxyConfigShape,
  ...BusinessSettingsConfigShape,
  ...ConsentConfigShape,
  ...DocumentsConfigShape,
  // Local upload storage (objects/) and the generated upload signing secret live here.
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('.data')),
  ...listenConfigShape(3001),
  // Required, unlike the base schema: the PostgreSQL event store (the default) lives there.
  DATABASE_URL: RequiredDatabaseUrlSchema,
  // Optional: without them PUT /api/admin/payments/:id/status is not served by this process.
  ADMIN_USERNAME: z.preprocess(emptyToUndefined, z.string().trim().min(1, 'must not be blank').optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
})
  .superRefine(refineEventStore)
  .superRefine(refineOidc)
  .superRefine(refineUploadsConfig)
  .superRefine(refineBusinessSettingsConfig);
export type CommandApiConfig = z.infer<typeof CommandApiConfigSchema>;
