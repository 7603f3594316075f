import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { liftThrottleWaits } from '@acres/platform/test';
import { postJson, signInFrom, startIdentityHarness, type IdentityHarness } from '../../test/identity-harness.ts';
import { validSignUp } from '@acres/fixtures';

// The default limits: five free failures per account and address, then 30 s doubling.
const ATTACKER_NAT = '198.51.100.7';
const OWNER_HOME = '203.0.113.20';
const OWNER = { email: 'owner@example.com', password: 'owner pass 1' };
const NEIGHBOUR = { email: 'neighbour@example.com', password: 'neighbour pass 1' };

describe('sign-in throttling with the default limits', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startIdentityHarness({ adminUrl: inject('pgAdminUrl') });
    for (const user of [OWNER, NEIGHBOUR]) await postJson(h.app, '/api/auth/signup', validSignUp(user));
  });
  beforeEach(async () => {
    await h.db.pool.query('DELETE FROM throttle');
  });
  afterAll(async () => h?.close());

  const hammer = async (times: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < times; i += 1)
      statuses.push((await signInFrom(h.app, { email: OWNER.email, password: `guess ${i}x` }, ATTACKER_NAT)).statusCode);
    return statuses;
  };

  it('let the owner in from another address while an attacker hammers the account', async () => {
    expect(await hammer(20)).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    const owner = await signInFrom(h.app, OWNER, OWNER_HOME);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.email).toBe(OWNER.email);
  });

  it('let a neighbour behind the same carrier NAT into their own account after many failures against another', async () => {
    for (let round = 0; round < 6; round += 1) {
      await hammer(10);
      await liftThrottleWaits(h.db.pool);
    }
    expect((await signInFrom(h.app, NEIGHBOUR, ATTACKER_NAT)).statusCode).toBe(200);
  });

  it("give the attacker's repeated failures growing Retry-After delays", async () => {
    expect(await hammer(5)).toEqual(Array(5).fill(401));
    const waits: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const refused = await signInFrom(h.app, { email: OWNER.email, password: 'another guess 1' }, ATTACKER_NAT);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(/^Too many sign-in attempts\. Try again in \d+ (seconds|minutes?)\.$/);
      waits.push(Number(refused.headers['retry-after']));
      await liftThrottleWaits(h.db.pool);
      expect(await hammer(1)).toEqual([401]);
    }
    expect(waits).toEqual([30, 60, 120, 240]);
  });

  it('never hold the owner up at their own address once the right password went through', async () => {
    for (let i = 0; i < 4; i += 1) await signInFrom(h.app, { ...OWNER, password: `typo ${i}x` }, OWNER_HOME);
    expect((await signInFrom(h.app, OWNER, OWNER_HOME)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1)
      expect((await signInFrom(h.app, { ...OWNER, password: `typo ${i}y` }, OWNER_HOME)).statusCode).toBe(401);
    expect((await signInFrom(h.app, OWNER, OWNER_HOME)).statusCode).toBe(200);
  });
});
