import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { liftThrottleWaits } from '../../test/throttle.ts';
import { createDeviceFailureThrottle, type DeviceAttempt, type DeviceFailureThrottle } from './device-failure-throttle.ts';

// Staff sign-in's throttle: per account and device, per device across accounts, per account
// over the devices it does not trust, and per address only as a loose backstop.

const right = async () => true as const;
const wrong = async () => null;
const NAT = '198.51.100.7';

const attempt = (device: string, options: Partial<DeviceAttempt> = {}): DeviceAttempt => ({
  account: 'owner@acres.example',
  device,
  trusted: false,
  address: NAT,
  ...options,
});

const failTimes = async (throttle: DeviceFailureThrottle, tried: DeviceAttempt, times: number) => {
  for (let i = 0; i < times; i += 1) expect(await throttle.attempt(tried, wrong)).toEqual({ kind: 'refused' });
};

describe('a per-device failure throttle over PostgreSQL', () => {
  let db: TestDatabase;
  let throttle: DeviceFailureThrottle;
  const limits = {
    freeFailures: 3,
    deviceFreeFailures: 6,
    accountFreeFailures: 8,
    addressFreeFailures: 12,
    baseDelayMs: 10_000,
    maxDelayMs: 60_000,
  };

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    throttle = createDeviceFailureThrottle({ pool: db.pool, scope: 'test', limits });
  });
  beforeEach(async () => {
    await db.pool.query('DELETE FROM throttle');
  });
  afterAll(async () => db?.drop());

  it('makes one device wait on one account, not another device behind the same address', async () => {
    await failTimes(throttle, attempt('laptop'), 3);
    expect(await throttle.attempt(attempt('laptop'), right)).toEqual({ kind: 'blocked', retryAfterSeconds: 10 });
    expect(await throttle.attempt(attempt('phone'), right)).toEqual({ kind: 'passed', value: true });
  });

  it('makes a device guessing across accounts wait on every account', async () => {
    for (let i = 0; i < 6; i += 1) await failTimes(throttle, attempt('sprayer', { account: `staff${i}@acres.example` }), 1);
    expect((await throttle.attempt(attempt('sprayer', { account: 'fresh@acres.example' }), right)).kind).toBe('blocked');
  });

  it('under guesses from many new devices, makes every untrusted device wait on the account, never a trusted one', async () => {
    for (let i = 0; i < 8; i += 1) await failTimes(throttle, attempt(`minted-${i}`), 1);
    expect((await throttle.attempt(attempt('minted-new'), right)).kind).toBe('blocked');
    expect(await throttle.attempt(attempt('owners-laptop', { trusted: true }), right)).toEqual({ kind: 'passed', value: true });
    // Another account is untouched by the attack on this one.
    expect((await throttle.attempt(attempt('minted-new', { account: 'sales@acres.example' }), right)).kind).toBe('passed');
  });

  it('keeps trusted devices’ own typos off the account’s count', async () => {
    // Nine failures would hold every untrusted device (eight free), were they counted.
    for (const device of ['laptop', 'phone', 'desktop']) await failTimes(throttle, attempt(device, { trusted: true }), 3);
    expect((await throttle.attempt(attempt('new-tablet'), right)).kind).toBe('passed');
  });

  it('holds an address only past its loose backstop, and a wait lifts', async () => {
    for (let i = 0; i < 12; i += 1)
      await failTimes(throttle, attempt(`device-${i}`, { account: `staff${i}@acres.example`, trusted: true }), 1);
    expect((await throttle.attempt(attempt('device-new', { trusted: true }), right)).kind).toBe('blocked');
    expect((await throttle.attempt(attempt('device-new', { address: '203.0.113.20' }), right)).kind).toBe('passed');
    await liftThrottleWaits(db.pool);
    expect((await throttle.attempt(attempt('device-new', { trusted: true }), right)).kind).toBe('passed');
  });
});
