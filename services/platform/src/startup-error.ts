/**
 * A start-up failure a person can act on: what went wrong and what to do about it.
 * The entry points print both instead of a stack.
 */
export class StartupError extends Error {
  readonly fix: string;
  constructor(options: { what: string; fix: string; cause?: unknown }) {
    super(options.what, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StartupError';
    this.fix = options.fix;
  }
}

export const isStartupError = (error: unknown): error is StartupError => error instanceof StartupError;

type Known = { what: string; fix: string };

// The failures a newcomer meets, by code, in words they can act on.
const explainByCode = (error: {
  code?: unknown;
  message?: string;
  port?: unknown;
  address?: unknown;
  path?: unknown;
}): Known | null => {
  switch (error.code) {
    case 'EADDRINUSE':
      return {
        what: `Port ${String(error.port ?? '')} is already in use by another program.`,
        fix: 'Stop that program, or choose another port with PORT=….',
      };
    case 'ECONNREFUSED':
      return {
        what: `Nothing answers at ${String(error.address ?? 'the database address')}:${String(error.port ?? '')}.`,
        fix: 'Start that PostgreSQL server or correct DATABASE_URL; unset DATABASE_URL to use the embedded database.',
      };
    case '28P01':
      return {
        what: 'The database refused the password in DATABASE_URL.',
        fix: 'Correct the user name and password in DATABASE_URL.',
      };
    case '3D000':
      return {
        what: 'The database named in DATABASE_URL does not exist.',
        fix: 'Create it (createdb …) or correct DATABASE_URL.',
      };
    case 'ENOSPC':
      return { what: 'The disk is full.', fix: 'Free some space and start again.' };
    case 'EACCES':
    case 'EPERM':
      return {
        what: `Permission denied${error.path ? ` on ${String(error.path)}` : ''}.`,
        fix: 'Check the owner and mode of that path, or run from a folder you can write to.',
      };
    default:
      return null;
  }
};

/** Lines for the console: what went wrong and what to do; never `undefined`, never a bare stack. */
export const describeStartupFailure = (error: unknown): string[] => {
  if (isStartupError(error)) return [`Acres could not start: ${error.message}`, `What to do: ${error.fix}`];
  const known = error && typeof error === 'object' ? explainByCode(error as Record<string, unknown>) : null;
  if (known) return [`Acres could not start: ${known.what}`, `What to do: ${known.fix}`];
  const message = error instanceof Error ? error.message || error.name : String(error ?? 'an unknown error');
  return [
    `Acres could not start: ${message}`,
    'What to do: check the configuration (README, "Configuration"); run with LOG_LEVEL=debug for the details.',
  ];
};

/** Runs an entry point; a failure prints what went wrong and what to do, and exits 1. */
export const runMain = (main: () => Promise<unknown>) => {
  main().catch((error: unknown) => {
    for (const line of describeStartupFailure(error)) console.error(line);
    if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(error);
    process.exit(1);
  });
};
