import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly issues: { key: string; message: string }[]) {
    super(`Invalid configuration: ${issues.map((i) => `${i.key}: ${i.message}`).join('; ')}`);
    this.name = 'ConfigError';
  }
}

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A TCP port key, with the service's default. */
export const portSchema = (defaultPort: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a port number' }).int('must be a whole number').min(1).max(65535).default(defaultPort),
  );

/** Where an HTTP service listens: PORT (its default) and HOST (every interface). */
export const listenConfigShape = (defaultPort: number) => ({
  PORT: portSchema(defaultPort),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
});

/** DATABASE_URL of a process that cannot start without it (the base schema's is optional). */
export const RequiredDatabaseUrlSchema = z.preprocess(
  emptyToUndefined,
  z.url({ protocol: /^postgres(ql)?$/, error: 'is required and must be a postgres:// URL' }),
);

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Keys every service shares; each service extends it with its own. */
export const BaseConfigSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default('info')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  EVENT_STORE: z.preprocess(emptyToUndefined, z.enum(['postgres', 'esdb']).default('postgres')),
  ESDB_CONNECTION_STRING: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(esdb|kurrentdb|kdb)(\+discover)?:\/\//, 'must be an esdb:// connection string')
      .optional(),
  ),
  // Wraps every data subject's key (issue 14); generated into DATA_DIR when unset. Every
  // process reading the log must share it: set it explicitly when they do not share DATA_DIR.
  DATA_MASTER_KEY: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
});

/**
 * Parses the environment once at start-up. Fails with every bad key at once so an
 * operator fixes the whole environment in one go instead of one key per restart.
 */
export const parseConfig = <S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> => {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({ key: issue.path.join('.') || '(root)', message: issue.message })),
    );
  }
  return result.data;
};

/** Requires ESDB_CONNECTION_STRING when EVENT_STORE=esdb. */
export const refineEventStore = <T extends { EVENT_STORE: 'postgres' | 'esdb'; ESDB_CONNECTION_STRING?: string | undefined }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.EVENT_STORE === 'esdb' && !value.ESDB_CONNECTION_STRING) {
    ctx.addIssue({ code: 'custom', path: ['ESDB_CONNECTION_STRING'], message: 'is required when EVENT_STORE=esdb' });
  }
};
