/**
 * Whether an error means "the database cannot be reached right now" rather than "this
 * request is wrong": the server is down, restarting or shutting down, the connection
 * broke, or the pool could not get a connection in time. Such a request is answered
 * 503 with Retry-After, so clients retry instead of treating it as a bug.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);

// node-postgres reports a dropped or unusable connection by message only.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof candidate.code === 'string' && UNAVAILABLE_CODES.has(candidate.code)) return true;
    // A Unix socket whose server is gone (its file is removed on shutdown).
    if (candidate.code === 'ENOENT' && (current as { syscall?: unknown }).syscall === 'connect') return true;
    if (
      typeof candidate.message === 'string' &&
      UNAVAILABLE_MESSAGES.some((text) => (candidate.message as string).includes(text))
    )
      return true;
    // AggregateError (a connect to both IPv4 and IPv6 refused) keeps the reasons in errors.
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = candidate.cause;
  }
  return false;
};
