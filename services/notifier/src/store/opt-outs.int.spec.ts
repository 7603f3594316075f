import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { applyConsentUpdates, findOptOuts, optOutKey } from './opt-outs.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
});
afterAll(async () => db?.drop());

const sms = { channel: 'sms', address: '+2348031234567', purpose: 'marketing' } as const;
const email = { channel: 'email', address: 'ada@example.ng', purpose: 'marketing' } as const;

describe("an event's consent updates", () => {
  it('leave each triple as its last update says, at the position of the event', async () => {
    const firstOptedIn = await applyConsentUpdates(db.pool, {
      updates: [
        { ...sms, optedOut: true },
        { ...email, optedOut: true },
        { ...sms, optedOut: false },
      ],
      position: 7n,
    });
    expect(await findOptOuts(db.pool, [sms, email])).toEqual(new Map([[optOutKey(email), 7n]]));
    // What the event left opted in, for its own messages (plan-event.ts skips their lookup).
    expect(firstOptedIn).toEqual(new Set([optOutKey(sms)]));
    const secondOptedIn = await applyConsentUpdates(db.pool, {
      updates: [
        { ...email, optedOut: false },
        { ...sms, optedOut: true },
        { ...email, optedOut: true },
      ],
      position: 9n,
    });
    expect(await findOptOuts(db.pool, [sms, email])).toEqual(
      new Map([
        [optOutKey(sms), 9n],
        [optOutKey(email), 9n],
      ]),
    );
    expect(secondOptedIn).toEqual(new Set());
    expect(await applyConsentUpdates(db.pool, { updates: [{ ...sms, optedOut: false }], position: 11n })).toEqual(
      new Set([optOutKey(sms)]),
    );
    expect(await findOptOuts(db.pool, [sms, email])).toEqual(new Map([[optOutKey(email), 9n]]));
  });
});
