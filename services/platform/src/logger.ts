import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** Structured JSON logs; pretty only when a person is watching a terminal. */
export const createLogger = (options: { level?: string; name?: string; pretty?: boolean } = {}): Logger => {
  const pretty = options.pretty ?? (Boolean(process.stdout.isTTY) && process.env.CI !== 'true');
  const base: LoggerOptions = {
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    name: options.name,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', 'password'], censor: '[redacted]' },
  };
  if (pretty) {
    return pino({ ...base, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l' } } });
  }
  return pino(base);
};
