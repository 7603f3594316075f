import { z } from 'zod';
import { LOG_LEVELS, RequiredDatabaseUrlSchema } from '../config.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Environment of `npm run migrate` (the one-shot migrate service of docker-compose.yml). */
export const MigrateConfigSchema = z.object({
  DATABASE_URL: RequiredDatabaseUrlSchema,
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default('info')),
});
export type MigrateConfig = z.infer<typeof MigrateConfigSchema>;
