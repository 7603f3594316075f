import path from 'node:path';
import { z } from 'zod';
import { BaseConfigSchema, parseConfig, refineEventStore } from '@acres/platform';
import { MetricsTokenConfigShape, TrustProxyConfigShape } from '@acres/platform/observability-config';
import { OIDC_CONFIG_SHAPE, refineOidc } from '@acres/command-api/identity/config';
import { refineUploadsConfig, UploadsConfigShape } from '@acres/command-api/uploads/config';
import { BusinessSettingsConfigShape, refineBusinessSettingsConfig } from '@acres/command-api/settings/config';
import { NotifierConfigShape, refineNotifierConfig } from '@acres/notifier/config';
import { LogAuditConfigShape } from '@acres/projector/log-audit-config';
import { ConsentConfigShape } from '@acres/command-api/consent/config';
import { DocumentsConfigShape } from '@acres/command-api/documents/config';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const StandaloneConfigSchema = BaseConfigSchema.extend({
  ...OIDC_CONFIG_SHAPE,
  ...UploadsConfigShape,
  ...MetricsTokenConfigShape,
  ...TrustProxyConfigShape,
  ...BusinessSettingsConfigShape,
  ...NotifierConfigShape,
  ...LogAuditConfigShape,
  ...ConsentConfigShape,
  ...DocumentsConfigShape,
  PORT: z.preprocess((v) => (v === '' || v === undefined ? '3000' : v), z.coerce.number().int().min(1).max(65535)),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string().min(1)),
  /** 'auto' rebuilds the SPA when its sources are newer than the bundle; 'skip' serves what is built. */
  WEB_BUILD: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['auto', 'skip']).default('auto')),
  ADMIN_USERNAME: optional(z.string().min(1).max(200)),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters').max(200)),
})
  .superRefine(refineEventStore)
  .superRefine(refineOidc)
  .superRefine(refineUploadsConfig)
  .superRefine(refineBusinessSettingsConfig)
  .superRefine(refineNotifierConfig)
  .superRefine((value, ctx) => {
    if (Boolean(value.ADMIN_USERNAME) !== Boolean(value.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'set ADMIN_USERNAME and ADMIN_PASSWORD together, or neither',
      });
    }
  });

export type StandaloneConfig = z.infer<typeof StandaloneConfigSchema> & { DATA_DIR: string };

export const readStandaloneConfig = (env: Record<string, string | undefined> = process.env): StandaloneConfig => {
  const parsed = parseConfig(StandaloneConfigSchema, env);
  return { ...parsed, DATA_DIR: path.resolve(parsed.DATA_DIR ?? '.data') };
};
