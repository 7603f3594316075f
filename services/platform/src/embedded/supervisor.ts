import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../logger.ts';
import type { Postmaster, PostmasterExit } from './postmaster.ts';

export type SupervisorState = 'running' | 'restarting' | 'failed' | 'stopped';

export type RestartPolicy = {
  /** Delay before the first retry; doubled after each failed try, up to maxDelayMs. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** Failed tries in a row before the supervisor gives up (and /healthz turns unhealthy). */
  maxAttempts: number;
  /** More crashes than this within crashWindowMs is a crash loop: give up too. */
  maxCrashes: number;
  crashWindowMs: number;
};

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 250,
  // Short: after a crash the old backends free their shared memory within a second or two, and
  // writes wait on this restart (docs/operations.md promises they resume within 10 s).
  maxDelayMs: 2_000,
  maxAttempts: 12,
  maxCrashes: 10,
  crashWindowMs: 5 * 60_000,
};

export type Supervisor = {
  state: () => SupervisorState;
  /** Restarts so far; for logs, metrics and tests. */
  restarts: () => number;
  pid: () => number | null;
  stop: () => Promise<void>;
};

const delayFor = (policy: RestartPolicy, attempt: number) =>
  Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (attempt - 1));

const describeExit = (exit: PostmasterExit) => (exit.signal ? `killed by ${exit.signal}` : `exited with code ${exit.code}`);

/**
 * Tries start() until it succeeds or maxAttempts have failed; the first start of the
 * process goes through here too, because a server that crashed a moment ago may leave
 * backends behind that hold its shared memory for a few hundred milliseconds.
 */
export const startWithRetries = async (options: {
  start: () => Promise<Postmaster>;
  policy: RestartPolicy;
  logger?: Logger | undefined;
  stopped?: () => boolean;
  /** Whether a failure is worth another try; by default every one is. */
  retryable?: (error: unknown) => boolean;
}) => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await options.start();
    } catch (error) {
      if (attempt >= options.policy.maxAttempts || options.stopped?.() || options.retryable?.(error) === false) throw error;
      const delayMs = delayFor(options.policy, attempt);
      options.logger?.warn(
        { attempt, delayMs, reason: (error as Error).message },
        'embedded PostgreSQL did not start; trying again',
      );
      await sleep(delayMs);
    }
  }
};

/**
 * Keeps the embedded PostgreSQL running: when it dies it is started again with backoff,
 * and each time the log says why. When it cannot be brought back (too many failed tries
 * or a crash loop) the state turns 'failed', which /healthz reports so an outside
 * supervisor restarts the whole process.
 */
export const superviseServer = (options: {
  first: Postmaster;
  start: () => Promise<Postmaster>;
  logger?: Logger | undefined;
  policy?: RestartPolicy;
  onStateChange?: (state: SupervisorState) => void;
  /**
   * Whether a failed restart is worth another try. A server that refuses its own
   * configuration will refuse it every time: giving up at once turns /healthz unhealthy
   * in a second instead of after a minute of backoff.
   */
  retryable?: (error: unknown) => boolean;
}): Supervisor => {
  const policy = options.policy ?? DEFAULT_RESTART_POLICY;
  const logger = options.logger;
  let current: Postmaster | null = options.first;
  let state: SupervisorState = 'running';
  let restarts = 0;
  const crashes: number[] = [];
  // A function, not an inline comparison: state changes across the awaits below.
  const isStopped = () => state === 'stopped';
  const setState = (next: SupervisorState) => {
    state = next;
    options.onStateChange?.(next);
  };

  const watch = (server: Postmaster) => {
    void server.exited.then(async (exit) => {
      if (isStopped() || current !== server) return;
      current = null;
      const at = Date.now();
      crashes.push(at);
      while (crashes.length && crashes[0]! < at - policy.crashWindowMs) crashes.shift();
      logger?.error(
        { exit: describeExit(exit), lastOutput: server.recentOutput().slice(-5) },
        `embedded PostgreSQL ${describeExit(exit)}; restarting it`,
      );
      if (crashes.length > policy.maxCrashes) {
        logger?.fatal(
          { crashes: crashes.length },
          'embedded PostgreSQL keeps crashing; giving up, /healthz now reports unhealthy',
        );
        setState('failed');
        return;
      }
      setState('restarting');
      try {
        const next = await startWithRetries({
          start: options.start,
          policy,
          logger,
          stopped: isStopped,
          ...(options.retryable ? { retryable: options.retryable } : {}),
        });
        if (isStopped()) return void (await next.stop());
        current = next;
        restarts += 1;
        setState('running');
        logger?.info({ postmasterPid: next.pid, restarts, downMs: Date.now() - at }, 'embedded PostgreSQL is running again');
        watch(next);
      } catch (error) {
        if (isStopped()) return;
        logger?.fatal(
          { reason: (error as Error).message },
          'embedded PostgreSQL could not be restarted; /healthz now reports unhealthy',
        );
        setState('failed');
      }
    });
  };
  watch(options.first);

  return {
    state: () => state,
    restarts: () => restarts,
    pid: () => current?.pid ?? null,
    stop: async () => {
      setState('stopped');
      await current?.stop();
      current = null;
    },
  };
};
