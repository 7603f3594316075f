// The projections CLI's arguments: the usage text, parsing, and every check that can be
// made before a connection is opened.

import { parseArgs } from 'node:util';
import { findRebuildRecipe, rebuildableNames } from '../rebuild/targets.ts';

export const USAGE = `usage: npm run projections -- <command>

  status [--json]
      Each projection: state (running, stopped, failed, not-started, rebuilding), checkpoint,
      lag behind the head of the log in events and in seconds (age of the oldest event not yet
      processed), events applied, last error. Exit code 1 when a projection has failed.
  rebuild <name…> | rebuild --all   [--batch-size N] [--restart]
      Replays the log from position 0 into fresh versioned tables (leads__r2, checkpoint
      leads@r2) while the live tables keep serving, with a progress bar on stderr, then swaps
      them in atomically: the live projector hands the projection over for the swap, the
      tail is applied, the tables are renamed and the checkpoint moves, in one transaction.
      Interrupted (Ctrl-C, kill -9) the live tables are untouched; the same command resumes
      from the rebuild's own checkpoint (--restart starts again from 0). --all replays the
      log once for every projection and swaps them all in one transaction.
  resume <name>
      Restarts a projection stopped by a failing event, once the cause is fixed; its
      runner retries that event within seconds.
  skip <name> --position N --reason "…"
      Only for a failed projection stopped at exactly position N: parks that event in
      projection_dead_letters with the error and the reason, moves the checkpoint past it
      and resumes. Rebuilds of the projection pass over parked events too.

rebuild, resume and skip are recorded in the event log as cli:<OS user> (the admin's Operations
tab does the same three and records them as admin:<username>); a rebuild also shows its progress
on that tab, and one of a projection runs at a time, whichever path asked.

Projections: ${rebuildableNames().join(', ')}
Environment: DATABASE_URL (unset: the embedded PostgreSQL of npm start under DATA_DIR, default .data),
  EVENT_STORE=postgres|esdb, ESDB_CONNECTION_STRING, LOG_LEVEL (default warn).`;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const POSITIVE_INTEGER = /^[1-9]\d{0,18}$/;

export const parseCliArgs = (args: readonly string[]) => {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        all: { type: 'boolean' },
        restart: { type: 'boolean' },
        'batch-size': { type: 'string' },
        position: { type: 'string' },
        reason: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
};

export type Parsed = ReturnType<typeof parseCliArgs>;

/** Everything about the arguments that can be wrong, checked before any connection is made. */
export const checkArguments = (command: string, parsed: Parsed) => {
  const names = parsed.positionals.slice(1);
  const known = rebuildableNames();
  if (command === 'rebuild') {
    if (parsed.values.all && names.length > 0) throw new UsageError('rebuild takes projection names or --all, not both');
    if (!parsed.values.all && names.length === 0)
      throw new UsageError(`rebuild needs projection names or --all (projections: ${known.join(', ')})`);
    const unknown = names.find((name) => !known.includes(name) || !findRebuildRecipe(name));
    if (unknown) throw new UsageError(`unknown projection '${unknown}' (projections: ${known.join(', ')})`);
    readBatchSize(parsed.values['batch-size']);
    return;
  }
  if (command === 'resume' || command === 'skip') {
    // A rebuild's own checkpoint (leads@r2) may be named too.
    if (names.length !== 1) throw new UsageError(`${command} needs one projection name (one of: ${known.join(', ')})`);
  }
  if (command === 'skip') {
    const position = parsed.values.position;
    if (position === undefined || !POSITIVE_INTEGER.test(position)) {
      throw new UsageError(
        `skip needs --position N, the global position of the event the projection stopped on (see status)${position === undefined ? '' : `, got '${position}'`}`,
      );
    }
    if (!parsed.values.reason?.trim())
      throw new UsageError('skip needs --reason "…": say why the event is parked (it is kept with the event)');
  }
};

export const readBatchSize = (value: string | undefined) => {
  if (value === undefined) return 1000;
  if (!POSITIVE_INTEGER.test(value) || Number(value) > 10_000)
    throw new UsageError(`--batch-size must be a whole number from 1 to 10000, got '${value}'`);
  return Number(value);
};
