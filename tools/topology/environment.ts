// What each service of the topology is given: exactly the variables the service description
// names (the compose file passes the same), valued from this run, else from the operator's
// environment, else empty, as compose's `${NAME:-}` leaves them.

import type { ServiceDescription } from './services.ts';
import type { TopologySecrets } from './secrets.ts';

export type RunValues = {
  databaseUrl: string;
  address: string;
  port: number | undefined;
  dataDir: string;
  secrets: TopologySecrets;
};

const eventStoreValues = (env: Record<string, string | undefined>) =>
  // EventStoreDB cannot run here: the PostgreSQL store unless the operator points at one.
  env.EVENT_STORE === 'esdb'
    ? { EVENT_STORE: 'esdb', ESDB_CONNECTION_STRING: env.ESDB_CONNECTION_STRING ?? '' }
    : { EVENT_STORE: 'postgres', ESDB_CONNECTION_STRING: '' };

const deliveryValues = (env: Record<string, string | undefined>) => ({
  NOTIFY_EMAIL_DELIVERS: env.SMTP_URL ? 'true' : '',
  NOTIFY_SMS_DELIVERS: env.TERMII_API_KEY ? 'true' : '',
  NOTIFY_WHATSAPP_DELIVERS: env.WHATSAPP_TOKEN ? 'true' : '',
});

export const environmentFor = (
  service: ServiceDescription,
  values: RunValues,
  env: Record<string, string | undefined>,
): Record<string, string> => {
  const ours: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: env.LOG_LEVEL || 'warn',
    DATABASE_URL: values.databaseUrl,
    HOST: values.address,
    TRUST_PROXY: 'true',
    DATA_DIR: values.dataDir,
    ...(service.listen && values.port !== undefined ? { [service.listen.variable]: String(values.port) } : {}),
    ...values.secrets,
    ...eventStoreValues(env),
    ...deliveryValues(env),
  };
  const given = Object.fromEntries(service.environment.map((key) => [key, ours[key] ?? env[key] ?? '']));
  // What node itself needs to run, nothing of the operator's other variables.
  return { PATH: env.PATH ?? '/usr/bin:/bin', HOME: env.HOME ?? '/tmp', ...given };
};
