// The production services, described once: docker-compose.yml is checked against this
// (tests/deployment/topology.unit.spec.ts) and `npm run topology` starts exactly this shape
// without Docker, so the two cannot drift apart.

export type UpstreamName = 'command_api' | 'query_api';

export type ServiceDescription = {
  name: 'migrate' | 'command-api' | 'query-api' | 'projector' | 'notifier';
  /** The file the service's Dockerfile target runs. */
  entry: string;
  replicas: number;
  /** Runs to completion before the others start (the compose `migrate` service). */
  oneShot?: true;
  /** Where its /healthz answers: the public port of an API, the metrics port of a worker. */
  listen?: { variable: 'PORT' | 'METRICS_PORT'; port: number };
  health?: string;
  /** The proxy's upstream it serves in. */
  upstream?: UpstreamName;
  /** Every variable it is given (the compose file passes exactly these). */
  environment: readonly string[];
};

const LOGGING = ['NODE_ENV', 'LOG_LEVEL'];
const DATABASE = ['DATABASE_URL'];
const KEYS = ['DATA_MASTER_KEY'];
const EVENT_STORE = ['EVENT_STORE', 'ESDB_CONNECTION_STRING'];
const ADMIN = ['ADMIN_USERNAME', 'ADMIN_PASSWORD'];
const HTTP = ['PORT', 'HOST', 'TRUST_PROXY'];
const SERVICE = [...LOGGING, ...DATABASE, ...KEYS, ...EVENT_STORE];

export const SERVICES: readonly ServiceDescription[] = [
  {
    name: 'migrate',
    entry: 'services/platform/src/cli/migrate.ts',
    replicas: 1,
    oneShot: true,
    environment: [...DATABASE, 'LOG_LEVEL'],
  },
  {
    name: 'command-api',
    entry: 'services/command-api/src/server.ts',
    replicas: 1,
    listen: { variable: 'PORT', port: 3001 },
    health: '/healthz',
    upstream: 'command_api',
    environment: [
      ...SERVICE,
      ...ADMIN,
      ...HTTP,
      'DATA_DIR',
      'UPLOAD_SIGNING_SECRET',
      'LINK_SIGNING_SECRET',
      'OIDC_ISSUER_URL',
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
      'OIDC_REDIRECT_URL',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_WEBHOOK_VERIFY_TOKEN',
      'TERMII_WEBHOOK_SECRET',
      'S3_ENDPOINT',
      'S3_BUCKET',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_SESSION_TOKEN',
    ],
  },
  {
    name: 'query-api',
    entry: 'services/query-api/src/server.ts',
    replicas: 2,
    listen: { variable: 'PORT', port: 3002 },
    health: '/healthz',
    upstream: 'query_api',
    environment: [
      ...SERVICE,
      ...ADMIN,
      ...HTTP,
      'NOTIFY_EMAIL_DELIVERS',
      'NOTIFY_SMS_DELIVERS',
      'NOTIFY_WHATSAPP_DELIVERS',
      'LINK_SIGNING_SECRET',
    ],
  },
  {
    name: 'projector',
    entry: 'services/projector/src/main.ts',
    replicas: 2,
    listen: { variable: 'METRICS_PORT', port: 9464 },
    health: '/healthz',
    environment: [...SERVICE, 'PROJECTOR_BATCH_SIZE', 'METRICS_PORT'],
  },
  {
    name: 'notifier',
    entry: 'services/notifier/src/main.ts',
    replicas: 1,
    listen: { variable: 'METRICS_PORT', port: 9464 },
    health: '/healthz',
    environment: [
      ...SERVICE,
      'DATA_DIR',
      'SMTP_URL',
      'LINK_SIGNING_SECRET',
      'MAIL_FROM',
      'TERMII_API_KEY',
      'TERMII_SENDER_ID',
      'WHATSAPP_TOKEN',
      'WHATSAPP_PHONE_NUMBER_ID',
      'ADMIN_NOTIFY_EMAIL',
      'PUBLIC_URL',
      'METRICS_PORT',
    ],
  },
];

/** The proxy's one published port (compose's HTTP_PORT default). */
export const PROXY_PORT = 8080;
