import { BaseConfigSchema, refineEventStore } from '@acres/platform/config';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Environment of the command API run on its own (the standalone server has its own). */
export const CommandApiConfigSchema = BaseConfigSchema.extend({
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a port number' }).int('must be a whole number').min(1).max(65535).default(3001),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  // Required, unlike the base schema: the PostgreSQL event store (the default) lives there.
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^postgres(ql)?$/, error: 'is required and must be a postgres:// URL' }),
  ),
}).superRefine(refineEventStore);
export type CommandApiConfig = z.infer<typeof CommandApiConfigSchema>;
