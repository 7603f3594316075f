import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import { postJson, startIdentityHarness, startReplica, type IdentityHarness } from '../../test/identity-harness.ts';
import { validSignUp } from '@acres/fixtures';

describe('sign-up attempts from one address', () => {
  const limits = { signUpPerIp: { max: 3, windowMs: 60_000 } };
  let h: IdentityHarness;
  let replica: FastifyInstance;
  beforeAll(async () => {
    h = await startIdentityHarness({ adminUrl: inject('pgAdminUrl'), identity: { limits } });
    replica = await startReplica(h, { limits });
  });
  afterAll(async () => {
    await replica?.close();
    await h?.close();
  });

  it('are limited across replicas: past the limit the answer is 429 with Retry-After', async () => {
    for (const [i, app] of [h.app, replica, h.app].entries()) {
      expect((await postJson(app, '/api/auth/signup', validSignUp({ email: `limit${i}@example.com` }))).statusCode).toBe(202);
    }
    expect((await postJson(replica, '/api/auth/signup', validSignUp({ email: 'limit8@example.com' }))).statusCode).toBe(429);
    const blocked = await postJson(h.app, '/api/auth/signup', validSignUp({ email: 'limit9@example.com' }));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().detail).toMatch(/^Too many sign-up attempts\. Try again in \d+ (minute|seconds)/);
    const { rows } = await h.db.pool.query("SELECT 1 FROM credentials WHERE email_lower = 'limit9@example.com'");
    expect(rows).toHaveLength(0);
  });
});

describe('sign-ups from one address with the default limit', () => {
  const h = useHarness(() => startIdentityHarness({ adminUrl: inject('pgAdminUrl') }));

  it('are generous: a carrier NAT puts many honest people behind one address', async () => {
    // Past the 100 an hour this limit once was: a town behind one carrier address.
    for (let i = 0; i < 110; i += 1) {
      const response = await postJson(h.app, '/api/auth/signup', validSignUp({ email: `nat-user${i}@example.com` }));
      expect(response.statusCode, `sign-up ${i + 1}`).toBe(202);
    }
    // Each sign-up hashes a password (scrypt): slow on a shared two-core machine.
  }, 240_000);

  it('still slow down guessing the password of one account from that same address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const response = await postJson(h.app, '/api/auth/signin', {
        email: 'nat-user0@example.com',
        password: `guess-${i}-wrong`,
      });
      statuses.push(response.statusCode);
    }
    // Five free failures, then the account and address wait (429 with Retry-After).
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // A neighbour behind the same address still signs up.
    expect((await postJson(h.app, '/api/auth/signup', validSignUp({ email: 'neighbour@example.com' }))).statusCode).toBe(202);
  });

  it('count only valid sign-ups: a refused form costs nothing', async () => {
    const before = await h.db.pool.query('SELECT coalesce(sum(count), 0)::int AS n FROM throttle');
    expect((await postJson(h.app, '/api/auth/signup', validSignUp({ password: 'short' }))).statusCode).toBe(400);
    const after = await h.db.pool.query('SELECT coalesce(sum(count), 0)::int AS n FROM throttle');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
