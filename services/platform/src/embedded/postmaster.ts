import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../logger.ts';
import type { PostgresBinaries } from './binaries.ts';
import { commandLineFor, runAs, type OsUser } from './os-user.ts';

export type PostmasterExit = { code: number | null; signal: NodeJS.Signals | null };

export type Postmaster = {
  pid: number;
  /** Settles when the server process ends, for whatever reason. */
  exited: Promise<PostmasterExit>;
  /** The last lines the server wrote, for logs and error messages. */
  recentOutput: () => string[];
  /** Fast shutdown (SIGINT), then immediate (SIGQUIT), then SIGKILL if it hangs. */
  stop: () => Promise<void>;
};

const READY_LINE = 'database system is ready to accept connections';
const KEPT_LINES = 20;

// What a server that crashed a moment ago leaves behind for a little while: its
// backends still hold the shared memory, or its lock file and port are not yet released.
const TRANSIENT_FAILURES = [
  /pre-existing shared memory block/i,
  /lock file .* already exists/i,
  /could not bind/i,
  /address already in use/i,
  /not ready after/i,
];

export class PostmasterStartFailed extends Error {
  override name = 'PostmasterStartFailed';
  /** Whether trying again soon may succeed (a bad setting or a damaged cluster will not). */
  readonly transient: boolean;
  constructor(message: string) {
    super(message);
    this.transient = TRANSIENT_FAILURES.some((pattern) => pattern.test(message));
  }
}

/** Starts the server and resolves once it accepts connections; rejects with its last words if it dies first. */
export const spawnPostmaster = async (options: {
  binaries: PostgresBinaries;
  clusterDir: string;
  port: number;
  user: OsUser;
  /** Where the server also listens on a Unix socket (none when unset). */
  socketDir?: string | undefined;
  flags?: string[];
  logger?: Logger | undefined;
  readyTimeoutMs?: number;
}): Promise<Postmaster> => {
  const { command, args } = commandLineFor({
    program: options.binaries.postgres,
    args: [
      '-D',
      options.clusterDir,
      '-p',
      String(options.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${options.socketDir ?? ''}`,
      '-c',
      'max_connections=200',
      ...(options.flags ?? []),
    ],
    deathSignal: 'SIGINT',
  });
  const child = spawn(command, args, {
    ...runAs(options.user),
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A session of its own: Ctrl-C in a terminal signals the whole foreground group, and the
    // postmaster would begin a fast shutdown under requests still in flight; it is stopped
    // last, by this process (or by the death signal if this process dies).
    detached: true,
  });
  const lines: string[] = [];
  let ready = false;
  let resolveReady: () => void = () => {};
  const readySeen = new Promise<void>((resolve) => (resolveReady = resolve));
  const onOutput = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      lines.push(line.trim());
      if (lines.length > KEPT_LINES) lines.shift();
      options.logger?.debug({ postgres: line.trim() }, 'postgres');
      if (!ready && line.includes(READY_LINE)) {
        ready = true;
        resolveReady();
      }
    }
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  const exited = new Promise<PostmasterExit>((resolve) => {
    child.on('error', (error) => {
      lines.push(error.message);
      resolve({ code: null, signal: null });
    });
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  const describe = (exit: PostmasterExit) => (exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`);
  const timeoutMs = options.readyTimeoutMs ?? 60_000;
  const outcome = await Promise.race([
    readySeen.then(() => 'ready' as const),
    exited.then((exit) => exit),
    sleep(timeoutMs, 'timeout' as const, { ref: false }),
  ]);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    for (const [signal, waitMs] of [
      ['SIGINT', 20_000],
      ['SIGQUIT', 5_000],
      ['SIGKILL', 5_000],
    ] as const) {
      child.kill(signal);
      const ended = await Promise.race([exited.then(() => true), sleep(waitMs, false, { ref: false })]);
      if (ended) return;
    }
  };
  if (outcome !== 'ready') {
    if (outcome === 'timeout') await stop();
    const reason = outcome === 'timeout' ? `not ready after ${timeoutMs} ms` : `stopped with ${describe(outcome)}`;
    throw new PostmasterStartFailed(`PostgreSQL ${reason}: ${lines.slice(-5).join(' | ') || 'no output'}`);
  }
  return { pid: child.pid ?? 0, exited, recentOutput: () => [...lines], stop };
};
