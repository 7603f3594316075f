// Opt-outs recorded before suppressions existed (issue 24 item 4) are carried into them at the
// notifier's start, once; an explicit opt-in lifts such a suppression, a form's consent does not.

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { testAddressDigest } from '@acres/eventstore/test';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { applyConsentUpdates } from './opt-outs.ts';
import { applySuppression, carryOptOutsIntoSuppressions, findSuppressions, suppressionKeyOf } from './suppressions.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
});
afterAll(async () => db?.drop());

const email = { channel: 'email', address: 'legacy.optout@example.ng', purpose: 'marketing' } as const;
const key = { digest: testAddressDigest('email', email.address), channel: 'email', purpose: 'marketing' } as const;

describe('an opt-out of before suppressions', () => {
  it('is carried into a suppression under the keyed digest, once', async () => {
    await applyConsentUpdates(db.pool, { updates: [{ ...email, optedOut: true }], position: 41n });
    expect(await findSuppressions(db.pool, [key])).toEqual(new Map());
    expect(await carryOptOutsIntoSuppressions(db.pool, testAddressDigest)).toBe(1);
    expect(await findSuppressions(db.pool, [key])).toEqual(new Map([[suppressionKeyOf(key), 41n]]));
    expect(await carryOptOutsIntoSuppressions(db.pool, testAddressDigest)).toBe(0);
    const { rows } = await db.pool.query<{ digest: string }>('SELECT digest FROM notifier_suppressions');
    expect(JSON.stringify(rows)).not.toContain(email.address);
  });

  it('outlasts a form lifting the opt-out, and lifts with an explicit opt-in', async () => {
    // A lead form with the address: the notifier's opt-out goes, the suppression stands.
    await applyConsentUpdates(db.pool, { updates: [{ ...email, optedOut: false }], position: 42n });
    expect((await findSuppressions(db.pool, [key])).size).toBe(1);
    const optedIn = { ...SAMPLE_EVENT_DATA.ContactOptedIn, ...email };
    await applySuppression(db.pool, {
      event: { type: 'ContactOptedIn', data: optedIn },
      position: 43n,
      addressDigest: testAddressDigest,
    });
    expect(await findSuppressions(db.pool, [key])).toEqual(new Map());
  });
});
