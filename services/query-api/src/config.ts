import { BaseConfigSchema } from '@acres/platform';
import { z } from 'zod';
import { TrustProxyConfigShape } from '@acres/platform/observability-config';
import { DeliveryChannelsConfigShape } from './settings/channels.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Environment of the query API run on its own (the standalone server has its own). */
export const QueryApiConfigSchema = BaseConfigSchema.extend({
  ...TrustProxyConfigShape,
  ...DeliveryChannelsConfigShape,
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a port number' }).int('must be a whole number').min(1).max(65535).default(3002),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^postgres(ql)?$/, error: 'is required and must be a postgres:// URL' }),
  ),
  ADMIN_USERNAME: z.preprocess(emptyToUndefined, z.string({ error: 'is required' }).trim().min(1, 'is required')),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string({ error: 'is required' }).min(8, 'must be at least 8 characters')),
});
export type QueryApiConfig = z.infer<typeof QueryApiConfigSchema>;
