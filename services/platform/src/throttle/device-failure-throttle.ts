import { createHash } from 'node:crypto';
import type { Queryable } from '../db.ts';
import { DEFAULT_FAILURE_LIMITS, delayAfterFailures, type AttemptOutcome } from './failure-throttle.ts';
import { addFailures, blockKeys, deleteThrottleKey, readFailureCounters } from './table.ts';

/**
 * Failed sign-ins counted per device (OWASP's device cookies) rather than per address: one
 * carrier NAT puts millions of honest people behind one address, while a browser keeps its
 * own signed cookie. A device that has signed in to an account before ("trusted" for it) never
 * waits for anyone else's failures on that account; new devices, which cost an attacker
 * nothing to mint, share one counter per account. The address is a loose backstop only.
 */
export type DeviceFailureLimits = {
  /** Failures of one account from one device answered at once; the next attempt waits baseDelayMs. */
  freeFailures: number;
  /** Failures from one device across all accounts before the device itself waits (password spraying). */
  deviceFreeFailures: number;
  /** Failures on one account from devices it does not trust before every untrusted device waits on it. */
  accountFreeFailures: number;
  /** Failures from one address across everything before it waits: very generous, a NAT is not a person. */
  addressFreeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
};

export const DEFAULT_DEVICE_FAILURE_LIMITS: DeviceFailureLimits = {
  ...DEFAULT_FAILURE_LIMITS,
  freeFailures: 5,
  deviceFreeFailures: 20,
  accountFreeFailures: 20,
  addressFreeFailures: 1000,
};

/** A device with no valid cookie (a script, a client that drops cookies): all of them count as one. */
export const UNKNOWN_DEVICE = 'unknown';

export type DeviceAttempt = {
  account: string;
  /** The device cookie's id, or UNKNOWN_DEVICE. */
  device: string;
  /** Whether this device has signed in to this account before. */
  trusted: boolean;
  address: string;
};

export type DeviceFailureThrottle = {
  /** Runs verify unless this attempt must wait; null from verify is a failure, anything else clears the pair. */
  attempt: <T>(attempt: DeviceAttempt, verify: () => Promise<T | null>) => Promise<AttemptOutcome<T>>;
};

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

const keysOf = (scope: string, attempt: DeviceAttempt, account: string) => ({
  pair: `${scope}:device-pair:${digest(`${account}\n${attempt.device}`)}`,
  device: `${scope}:device:${digest(attempt.device)}`,
  account: `${scope}:untrusted:${account}`,
  address: `${scope}:address:${attempt.address}`,
});

export const createDeviceFailureThrottle = (options: {
  pool: Queryable;
  scope: string;
  limits?: Partial<DeviceFailureLimits> | undefined;
  /** How an account is named in the keys (a keyed digest of an email); a bare SHA-256 unless given. */
  digestAccount?: (account: string) => string;
}): DeviceFailureThrottle => {
  const digestAccount = options.digestAccount ?? digest;
  const limits = { ...DEFAULT_DEVICE_FAILURE_LIMITS, ...options.limits };
  const delay = (failures: number, freeFailures: number) => delayAfterFailures({ ...limits, failures, freeFailures });

  return {
    attempt: async (attempt, verify) => {
      const keys = keysOf(options.scope, attempt, digestAccount(attempt.account));
      const watched = [keys.pair, keys.device, keys.address, ...(attempt.trusted ? [] : [keys.account])];
      const counters = await readFailureCounters(options.pool, watched);
      const blockedForMs = Math.max(...watched.map((key) => counters.get(key)?.blockedForMs ?? 0));
      if (blockedForMs > 0) return { kind: 'blocked', retryAfterSeconds: Math.max(1, Math.ceil(blockedForMs / 1000)) };

      const value = await verify();
      if (value !== null) {
        if ((counters.get(keys.pair)?.failures ?? 0) > 0) await deleteThrottleKey(options.pool, keys.pair);
        return { kind: 'passed', value };
      }

      // A trusted device's typo is no sign of an attack on the account.
      const counted = [keys.pair, keys.device, keys.address, ...(attempt.trusted ? [] : [keys.account])];
      const counts = await addFailures(options.pool, { keys: counted, forgetAfterMs: limits.forgetAfterMs });
      const freeOf: Record<string, number> = {
        [keys.pair]: limits.freeFailures,
        [keys.device]: limits.deviceFreeFailures,
        [keys.account]: limits.accountFreeFailures,
        [keys.address]: limits.addressFreeFailures,
      };
      await blockKeys(
        options.pool,
        counted.map((key) => ({ key, delayMs: delay(counts.get(key) ?? 0, freeOf[key]!) })).filter((block) => block.delayMs > 0),
      );
      return { kind: 'refused' };
    },
  };
};
