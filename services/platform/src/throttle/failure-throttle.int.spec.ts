import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createFailureThrottle, type Attempt, type FailureThrottle } from './failure-throttle.ts';
import { purgeExpiredThrottles } from './table.ts';
import { endThrottleWindows, liftThrottleWaits } from '../../test/throttle.ts';

const right = async () => true as const;
const wrong = async () => null;

const NAT = '198.51.100.7';
const HOME = '203.0.113.20';
const victim = (address: string): Attempt => ({ account: 'victim@example.com', address });

const failTimes = async (throttle: FailureThrottle, attempt: Attempt, times: number) => {
  for (let i = 0; i < times; i += 1) expect(await throttle.attempt(attempt, wrong)).toEqual({ kind: 'refused' });
};

const waitOf = async (throttle: FailureThrottle, attempt: Attempt) => {
  const outcome = await throttle.attempt(attempt, right);
  if (outcome.kind !== 'blocked') throw new Error(`expected a wait, got ${outcome.kind}`);
  return outcome.retryAfterSeconds;
};

describe('a failure throttle over PostgreSQL', () => {
  let db: TestDatabase;
  const limits = { freeFailures: 3, addressFreeFailures: 10, accountAttackFailures: 8, baseDelayMs: 10_000, maxDelayMs: 60_000 };
  let throttle: FailureThrottle;

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    throttle = createFailureThrottle({ pool: db.pool, scope: 'test', limits });
  });
  beforeEach(async () => {
    await db.pool.query('DELETE FROM throttle');
  });
  afterAll(async () => db?.drop());

  it('makes the attacker wait, with a wait that doubles with each further failure up to the cap', async () => {
    await failTimes(throttle, victim(NAT), 3);
    const waits = [await waitOf(throttle, victim(NAT))];
    for (let round = 0; round < 4; round += 1) {
      await liftThrottleWaits(db.pool);
      await failTimes(throttle, victim(NAT), 1);
      waits.push(await waitOf(throttle, victim(NAT)));
    }
    expect(waits).toEqual([10, 20, 40, 60, 60]);
  });

  it('never runs the check while the wait lasts, and a wait is no failure', async () => {
    await failTimes(throttle, victim(NAT), 3);
    let checked = 0;
    const outcome = await throttle.attempt(victim(NAT), async () => (checked += 1));
    expect(outcome.kind).toBe('blocked');
    expect(checked).toBe(0);
    const { rows } = await db.pool.query("SELECT max(count) AS most FROM throttle WHERE key LIKE 'test:pair:%'");
    expect(rows[0].most).toBe(3);
  });

  it('lets the owner in from another address while the attacker waits', async () => {
    await failTimes(throttle, victim(NAT), 3);
    expect((await throttle.attempt(victim(NAT), right)).kind).toBe('blocked');
    expect(await throttle.attempt(victim(HOME), right)).toEqual({ kind: 'passed', value: true });
  });

  it('lets another account in from the same NAT address after many failures against one account', async () => {
    await failTimes(throttle, victim(NAT), 3);
    for (let round = 0; round < 5; round += 1) {
      expect((await throttle.attempt(victim(NAT), wrong)).kind).toBe('blocked');
      await liftThrottleWaits(db.pool);
      await failTimes(throttle, victim(NAT), 1);
    }
    expect(await throttle.attempt({ account: 'neighbour@example.com', address: NAT }, right)).toEqual({
      kind: 'passed',
      value: true,
    });
  });

  it('slows an address spraying many accounts, and only that address', async () => {
    for (let i = 0; i < 10; i += 1) await failTimes(throttle, { account: `user${i}@example.com`, address: NAT }, 1);
    expect(await waitOf(throttle, { account: 'neighbour@example.com', address: NAT })).toBe(10);
    expect((await throttle.attempt({ account: 'neighbour@example.com', address: HOME }, right)).kind).toBe('passed');
  });

  it('under a distributed attack makes each failing address wait from its first failure, never an address without failures', async () => {
    for (let i = 0; i < 8; i += 1) await failTimes(throttle, victim(`192.0.2.${i}`), 1);
    await failTimes(throttle, victim('192.0.2.200'), 1);
    expect(await waitOf(throttle, victim('192.0.2.200'))).toBe(10);
    expect((await throttle.attempt(victim(HOME), right)).kind).toBe('passed');
  });

  it("forgets the pair's failures on success, but not the address's", async () => {
    await failTimes(throttle, victim(NAT), 2);
    await failTimes(throttle, { account: 'other@example.com', address: NAT }, 2);
    expect((await throttle.attempt(victim(NAT), right)).kind).toBe('passed');
    await failTimes(throttle, victim(NAT), 2);
    expect((await throttle.attempt(victim(NAT), right)).kind).toBe('passed');
    const { rows } = await db.pool.query('SELECT count FROM throttle WHERE key = $1', [`test:address:${NAT}`]);
    expect(rows).toEqual([{ count: 6 }]);
  });

  it('counts together across replicas and guards over one database, and keeps scopes apart', async () => {
    const otherReplica = createFailureThrottle({ pool: db.pool, scope: 'test', limits });
    await failTimes(throttle, victim(NAT), 2);
    await failTimes(otherReplica, victim(NAT), 1);
    expect(await waitOf(throttle, victim(NAT))).toBe(10);
    const otherScope = createFailureThrottle({ pool: db.pool, scope: 'elsewhere', limits });
    expect((await otherScope.attempt(victim(NAT), right)).kind).toBe('passed');
  });

  it('counts concurrent failures one by one', async () => {
    const big = createFailureThrottle({
      pool: db.pool,
      scope: 'test',
      // No limit reached, so no attempt is blocked and none goes uncounted, however the 20 interleave:
      // with the attack limit at 8, a late reader found the pair blocked by the 8th and was not counted.
      limits: { ...limits, freeFailures: 100, addressFreeFailures: 100, accountAttackFailures: 100 },
    });
    await Promise.all(Array.from({ length: 20 }, () => big.attempt(victim(NAT), wrong)));
    const { rows } = await db.pool.query("SELECT key, count FROM throttle WHERE key LIKE 'test:%' ORDER BY key");
    expect(rows.map((row) => row.count)).toEqual([20, 20, 20]);
  });

  it('keeps no emails or usernames, and its spent rows are purged', async () => {
    await failTimes(throttle, victim(NAT), 3);
    const { rows } = await db.pool.query<{ key: string }>('SELECT key FROM throttle');
    expect(rows.map((row) => row.key).join(' ')).not.toContain('victim');
    expect(await purgeExpiredThrottles(db.pool)).toBe(0);
    await endThrottleWindows(db.pool);
    expect(await purgeExpiredThrottles(db.pool)).toBe(3);
  });
});
