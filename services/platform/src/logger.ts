import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** Structured JSON logs; pretty only when a person is watching a terminal. */
export const createLogger = (
  options: {
    level?: string;
    name?: string;
    pretty?: boolean;
    /** Instead of stdout (a spec reading the lines). */
    destination?: DestinationStream | undefined;
  } = {},
): Logger => {
  const pretty = options.pretty ?? (Boolean(process.stdout.isTTY) && process.env.CI !== 'true');
  const base: LoggerOptions = {
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    name: options.name,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', 'password'], censor: '[redacted]' },
  };
  if (options.destination) return pino(base, options.destination);
  if (pretty) {
    return pino({ ...base, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l' } } });
  }
  // Written asynchronously: lines logged while a write is in flight go out together in the
  // next one, instead of one blocking write(2) per line on the request path (a line per
  // request at info cost 20-60 µs of a POST's ~120 µs). Flushed on exit; a pipe that stops
  // draining drops lines past 16 MB rather than growing without bound.
  return pino(base, pino.destination({ dest: 1, sync: false, maxLength: 16 * 1024 * 1024 }));
};
