// Bounded retries with exponential backoff and jitter for EventStoreDB calls that failed
// because the server (or the way to it) was briefly gone: a leader election, a restart,
// a dropped connection. Anything else (a conflict, a refusal) is an answer, not a blip.

import { setTimeout as delay } from 'node:timers/promises';
import { ErrorType, isCommandError } from '@eventstore/db-client';

export type RetryPolicy = {
  /** Tries in all, the first one included. */
  attempts: number;
  /** Ceiling of the first wait; doubled per retry. */
  baseDelayMs: number;
  /** No wait exceeds this. */
  maxDelayMs: number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 5, baseDelayMs: 100, maxDelayMs: 5_000 };

const TRANSIENT = new Set<string>([
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.NOT_LEADER,
  // gRPC ABORTED: the server gave up on the call (e.g. a commit timeout during an election).
  ErrorType.TIMEOUT,
  // Cancelled by the server (a node shutting down); our own cancellations never reach here.
  ErrorType.CANCELLED,
]);

/**
 * True for errors worth trying again. WrongExpectedVersion is never one: it is the store's
 * answer, and retrying would turn an optimistic-concurrency conflict into a silent overwrite.
 */
export const isTransientEsdbError = (error: unknown): boolean =>
  error instanceof Error && isCommandError(error) && TRANSIENT.has(error.type);

/**
 * The wait before retry number `retry` (0-based): "equal jitter", half the exponential
 * ceiling plus a random part of the other half, so many clients that lost the same
 * server do not come back in step, yet each still waits a real minimum.
 */
export const backoffDelay = (retry: number, policy: RetryPolicy, random: () => number = Math.random) => {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
};

/** Resolves after ms, or at once when the signal aborts (the caller then checks the signal). */
export const sleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
  try {
    await delay(ms, undefined, { signal });
  } catch (error) {
    // timers/promises rejects with an AbortError; here an abort only ends the wait.
    if (!(error instanceof Error && error.name === 'AbortError')) throw error;
  }
};

export type RetryOptions = {
  policy: RetryPolicy;
  /** Which errors to retry; the rest are thrown at once. */
  isRetryable?: (error: unknown) => boolean;
  /** Aborting stops waiting and throws the last error. */
  signal?: AbortSignal;
  onRetry?: (details: { error: unknown; attempt: number; delayMs: number }) => void;
  random?: () => number;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

/** Runs operation until it succeeds, fails for good, or policy.attempts tries are spent. */
export const withRetry = async <T>(operation: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> => {
  const isRetryable = options.isRetryable ?? isTransientEsdbError;
  const wait = options.wait ?? sleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt >= options.policy.attempts || options.signal?.aborted || !isRetryable(error)) throw error;
      const delayMs = backoffDelay(attempt - 1, options.policy, options.random);
      options.onRetry?.({ error, attempt, delayMs });
      await wait(delayMs, options.signal);
      if (options.signal?.aborted) throw error;
    }
  }
};
