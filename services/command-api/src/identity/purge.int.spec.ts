import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import { hashSessionToken } from '@acres/platform/sessions';
import { createTestSession } from '@acres/platform/test';
import { startIdentityHarness } from '../../test/identity-harness.ts';

describe('the identity plugin while it runs', () => {
  const h = useHarness(() => startIdentityHarness({ adminUrl: inject('pgAdminUrl'), identity: { purgeIntervalMs: 100 } }));

  it('purges expired sessions and abandoned OpenID logins on its interval, keeping live sessions', async () => {
    const user = { id: randomUUID(), email: 'purge@example.com' };
    const expired = await createTestSession({ pool: h.db.pool, user, expiresInMs: -1 });
    const live = await createTestSession({ pool: h.db.pool, user });
    await h.db.pool.query(
      "INSERT INTO oidc_pending_logins (state_hash, code_verifier, nonce, return_to, expires_at) VALUES ('x', 'v', 'n', '/', now() - interval '1 minute')",
    );
    const sid = (cookie: string) => hashSessionToken(cookie.split('=')[1]!);
    for (let i = 0; i < 50; i += 1) {
      const { rows } = await h.db.pool.query('SELECT 1 FROM sessions WHERE sid = $1', [sid(expired)]);
      if (rows.length === 0) break;
      await sleep(50);
    }
    expect((await h.db.pool.query('SELECT sid FROM sessions WHERE sid = ANY($1)', [[sid(expired), sid(live)]])).rows).toEqual([
      { sid: sid(live) },
    ]);
    expect((await h.db.pool.query('SELECT 1 FROM oidc_pending_logins')).rows).toHaveLength(0);
  });

  it('purges spent throttle counters and keeps live ones and live waits', async () => {
    await h.db.pool.query(
      `INSERT INTO throttle (key, count, window_ends_at, blocked_until) VALUES
         ('test:spent', 3, now() - interval '1 minute', now() - interval '1 second'),
         ('test:live', 1, now() + interval '1 hour', NULL),
         ('test:waiting', 9, now() - interval '1 minute', now() + interval '10 minutes')`,
    );
    await expect.poll(async () => (await h.db.pool.query("SELECT 1 FROM throttle WHERE key = 'test:spent'")).rows.length).toBe(0);
    const { rows } = await h.db.pool.query("SELECT key FROM throttle WHERE key LIKE 'test:%' ORDER BY key");
    expect(rows.map((row) => row.key)).toEqual(['test:live', 'test:waiting']);
  });

  it('stops purging once the app is closed', async () => {
    await h.app.close();
    const user = { id: randomUUID(), email: 'after-close@example.com' };
    const expired = await createTestSession({ pool: h.db.pool, user, expiresInMs: -1 });
    await sleep(400);
    const { rows } = await h.db.pool.query('SELECT 1 FROM sessions WHERE sid = $1', [hashSessionToken(expired.split('=')[1]!)]);
    expect(rows).toHaveLength(1);
  });
});
