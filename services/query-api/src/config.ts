import { BaseConfigSchema, listenConfigShape, RequiredDatabaseUrlSchema } from '@acres/platform/config';
import { z } from 'zod';
import { TrustProxyConfigShape } from '@acres/platform/observability-config';
import { DeliveryChannelsConfigShape } from './settings/channels.ts';
import { LinkSigningConfigShape } from '@acres/platform/signing';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Environment of the query API run on its own (the standalone server has its own). */
export const QueryApiConfigSchema = BaseConfigSchema.extend({
  ...TrustProxyConfigShape,
  ...DeliveryChannelsConfigShape,
  ...LinkSigningConfigShape,
  ...listenConfigShape(3002),
  DATABASE_URL: RequiredDatabaseUrlSchema,
  ADMIN_USERNAME: z.preprocess(emptyToUndefined, z.string({ error: 'is required' }).trim().min(1, 'is required')),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string({ error: 'is required' }).min(8, 'must be at least 8 characters')),
});
export type QueryApiConfig = z.infer<typeof QueryApiConfigSchema>;
