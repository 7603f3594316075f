import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db.ts';
import { addFailures, blockKeys, deleteThrottleKey, readFailureCounters } from './table.ts';

/**
 * Progressive delays for password checks (OWASP Authentication Cheat Sheet): failures
 * are counted per account AND address together, so an attacker slows only themselves
 * and never locks the owner out from elsewhere, nor the neighbours sharing a carrier
 * NAT out of their own accounts. No hard lockout: each failure past the free ones
 * doubles the wait.
 */
export type FailureLimits = {
  /** Failures of one account from one address answered at once; the next attempt waits baseDelayMs. */
  freeFailures: number;
  /**
   * Failures from one address across all accounts before the address itself waits
   * (password spraying). Generous: a carrier NAT puts many honest users behind one address.
   */
  addressFreeFailures: number;
  /**
   * Failures against one account from all addresses past which the account counts as
   * under a distributed attack: any address then waits from its first failure on it.
   * An address that has not failed on the account, like its owner's, never waits.
   */
  accountAttackFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A counter is forgotten this long after its latest failure. Longer than maxDelayMs, or waiting would reset it. */
  forgetAfterMs: number;
};

export const DEFAULT_FAILURE_LIMITS: FailureLimits = {
  freeFailures: 5,
  addressFreeFailures: 100,
  accountAttackFailures: 50,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
};

/** Milliseconds to wait after the given number of failures: nothing before freeFailures, then doubling up to maxDelayMs. */
export const delayAfterFailures = (options: {
  failures: number;
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
}) => {
  if (options.failures < options.freeFailures) return 0;
  return Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (options.failures - options.freeFailures));
};

/** The client address as rate limits see it: IPv4-mapped IPv6 as IPv4, IPv6 by its /64 (one subscriber's block). */
export const clientAddressOf = (request: FastifyRequest) => normalizeIP(request.ip);

export type Attempt = { account: string; address: string };

export type AttemptOutcome<T> =
  { kind: 'blocked'; retryAfterSeconds: number } | { kind: 'refused' } | { kind: 'passed'; value: T };

export type FailureThrottle = {
  /**
   * Runs verify unless this account and address must wait. verify's null is a failure;
   * anything else passes and clears this pair's failures (not the address's: one good
   * account must not wipe the record of guesses against others).
   */
  attempt: <T>(attempt: Attempt, verify: () => Promise<T | null>) => Promise<AttemptOutcome<T>>;
};

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/**
 * Keys hold digests of accounts: the table never lists emails or usernames. An account that is
 * an email is digested with the keyed address digest (digestAccount), so the table cannot be
 * tested against a guessed address; the pair's digest is taken over that one.
 */
const keysOf = (scope: string, attempt: Attempt, digestAccount: (account: string) => string) => {
  const account = digestAccount(attempt.account);
  return {
    pair: `${scope}:pair:${digest(`${account}\n${attempt.address}`)}`,
    address: `${scope}:address:${attempt.address}`,
    account: `${scope}:account:${account}`,
  };
};

/** scope keeps different password checks (admin, investor sign-in) apart. Counters live in PostgreSQL. */
export const createFailureThrottle = (options: {
  pool: Queryable;
  scope: string;
  limits?: Partial<FailureLimits>;
  /** How an account is named in the keys; a bare SHA-256 unless given (the admin's username). */
  digestAccount?: (account: string) => string;
}): FailureThrottle => {
  const digestAccount = options.digestAccount ?? digest;
  const limits = { ...DEFAULT_FAILURE_LIMITS, ...options.limits };
  const delay = (failures: number, freeFailures: number) => delayAfterFailures({ ...limits, failures, freeFailures });

  return {
    attempt: async (attempt, verify) => {
      const keys = keysOf(options.scope, attempt, digestAccount);
      const counters = await readFailureCounters(options.pool, [keys.pair, keys.address, keys.account]);
      const blockedForMs = Math.max(counters.get(keys.pair)?.blockedForMs ?? 0, counters.get(keys.address)?.blockedForMs ?? 0);
      if (blockedForMs > 0) return { kind: 'blocked', retryAfterSeconds: Math.max(1, Math.ceil(blockedForMs / 1000)) };

      const value = await verify();
      if (value !== null) {
        if ((counters.get(keys.pair)?.failures ?? 0) > 0) await deleteThrottleKey(options.pool, keys.pair);
        return { kind: 'passed', value };
      }

      const underAttack = (counters.get(keys.account)?.failures ?? 0) >= limits.accountAttackFailures;
      const counts = await addFailures(options.pool, {
        keys: [keys.pair, keys.address, keys.account],
        forgetAfterMs: limits.forgetAfterMs,
      });
      await blockKeys(
        options.pool,
        [
          { key: keys.pair, delayMs: delay(counts.get(keys.pair) ?? 0, underAttack ? 1 : limits.freeFailures) },
          { key: keys.address, delayMs: delay(counts.get(keys.address) ?? 0, limits.addressFreeFailures) },
        ].filter((block) => block.delayMs > 0),
      );
      return { kind: 'refused' };
    },
  };
};
