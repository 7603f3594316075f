import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { sizeFor } from '@acres/platform/test';
import { newEvent, readNotifications, readSentLog, useNotifierHarness } from '../test/harness.ts';

// Appended in fifties: in `npm test` a burst still several appends long, stopped when a tenth
// of its messages are out; the soak run sends the 500 leads (2,000 messages) it used to.
const BURST = sizeFor({ proof: 200, soak: 500 });
// Every lead: SMS, WhatsApp and email to the lead, and the admin's alert.
const PER_LEAD = 4;

const lead = (n: number) => ({
  ...SAMPLE_EVENT_DATA.SlotReserved,
  leadId: randomUUID(),
  fullName: `Lead ${n}`,
  email: `burst${n}@example.ng`,
  phoneE164: `+234805${String(1_000_000 + n).slice(-7)}`,
});

const countBy = (keys: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
};

describe('a notifier stopped in the middle of a burst and started again', () => {
  const h = useNotifierHarness();

  it(`delivers each of the ${BURST} leads' messages exactly once`, async () => {
    const first = await h.start({}, { concurrency: 8 });
    // Appended while the notifier runs, in appends of 50 (a burst, not one transaction).
    for (let start = 0; start < BURST; start += 50) {
      await h.eventStore.appendToStream(
        `burst-${start}`,
        Array.from({ length: 50 }, (_, index) => newEvent('SlotReserved', lead(start + index))),
        { expectedRevision: 'no_stream' },
      );
    }
    // Stopped once some messages are out and many are not: part planned, part queued, part sent.
    await expect.poll(async () => (await readSentLog(h)).length, { timeout: 60_000 }).toBeGreaterThan(40);
    await first.stop();
    const midway = await readNotifications(h);
    expect(midway.filter((row) => row.status === 'sent').length).toBeLessThan(BURST * PER_LEAD);

    await h.start({}, { concurrency: 8 });
    await expect
      .poll(async () => (await readNotifications(h)).filter((row) => row.status === 'sent').length, {
        timeout: 120_000,
        interval: 500,
      })
      .toBe(BURST * PER_LEAD);
    // A row says sent once the provider accepted; its NotificationSent is appended right after.
    await expect
      .poll(async () => (await readSentLog(h)).filter((entry) => entry.type === 'NotificationSent').length, {
        timeout: 30_000,
        interval: 500,
      })
      .toBeGreaterThanOrEqual(BURST * PER_LEAD);

    const sent = (await readSentLog(h)).filter((entry) => entry.type === 'NotificationSent');
    const perMessage = countBy(sent.map((entry) => entry.data.notificationId));
    expect(perMessage.size).toBe(BURST * PER_LEAD);
    expect([...perMessage.values()].every((count) => count === 1)).toBe(true);
    expect(await h.outboxFiles()).toHaveLength(BURST * PER_LEAD);
    const attempts = (await readNotifications(h)).map((row) => row.attempts);
    expect(attempts.every((count) => count === 1)).toBe(true);
  });
});
