// The notifier process killed with SIGKILL, twice, while it delivers a burst of leads'
// messages to a real SMTP server and HTTP providers on loopback, and started again each time.
// Exactly once is what can be had across transports without an idempotency key: every
// message arrives, each email under one Message-ID of its own, and a message can arrive twice
// only if its attempt was in flight when its process died (marked in flight, store/sending.ts).

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATA_MASTER_KEY } from '@acres/eventstore/test';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { findFreePort } from '@acres/platform/net';
import { sizeFor } from '@acres/platform/test';
import { newEvent, readSentLog, TEST_LINK_SIGNING_SECRET, useNotifierHarness } from '../test/harness.ts';
import { loopbackChannelEnv, startHttpServer, startSmtpServer } from '../test/loopback.ts';
import { spawnNotifier, type NotifierProcess } from '../test/notifier-process.ts';

// 150 leads in `npm test` (600 messages, each kill after 50 more arrivals); 500 in the soak run.
const BURST = sizeFor({ proof: 150, soak: 500 });
// Every lead: an email, an SMS and a WhatsApp message to the lead, and the admin's alert email.
const PER_LEAD = 4;
const TOTAL = BURST * PER_LEAD;
const KILLS = 2;
// Delivery workers (NOTIFY_CONCURRENCY): at most this many attempts are in flight when a process dies.
const CONCURRENCY = 8;
const ADMIN = 'ops@acres.example';

// Arriving now: a lead past its 24 hours uncontacted would add the sweeper's alert to the count.
const lead = (n: number) => ({
  ...SAMPLE_EVENT_DATA.SlotReserved,
  reservedAt: new Date().toISOString(),
  leadId: randomUUID(),
  fullName: `Lead ${n}`,
  email: `kill${n}@example.ng`,
  phoneE164: `+234806${String(1_000_000 + n).slice(-7)}`,
});

// Unfolded first (RFC 5322 2.2.3): a long value, such as a message id, goes on a line of its own.
const headerOf = (raw: string, name: string) =>
  new RegExp(`^${name}: *(.+)$`, 'im').exec(raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n(?=[ \t])/g, ''))?.[1]?.trim() ?? null;

const countBy = (keys: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
};

describe(`the notifier process killed with SIGKILL during a burst of ${BURST} leads and started again`, () => {
  const h = useNotifierHarness();
  const processes: NotifierProcess[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let termii: Awaited<ReturnType<typeof startHttpServer>>;
  let whatsapp: Awaited<ReturnType<typeof startHttpServer>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    termii = await startHttpServer(() => ({ status: 200, body: { message_id: randomUUID(), message: 'Successfully Sent' } }));
    whatsapp = await startHttpServer(() => ({
      status: 200,
      body: { messaging_product: 'whatsapp', messages: [{ id: `wamid.${randomUUID()}` }] },
    }));
    env = {
      DATABASE_URL: h.db.url,
      DATA_DIR: h.dataDir,
      // The harness seals the log with the test master key; a key generated in DATA_DIR opens nothing.
      DATA_MASTER_KEY: TEST_DATA_MASTER_KEY,
      METRICS_PORT: String(await findFreePort()),
      LINK_SIGNING_SECRET: TEST_LINK_SIGNING_SECRET,
      ...loopbackChannelEnv({ smtpUrl: smtp.url, termiiUrl: termii.url, whatsappUrl: whatsapp.url, adminEmail: ADMIN }),
      NOTIFY_RETRY_DELAY_SECONDS: '1',
      NOTIFY_CONCURRENCY: String(CONCURRENCY),
    };
  });
  afterAll(async () => {
    await Promise.all(processes.map((running) => running.stop('SIGKILL')));
    await smtp?.close();
    await termii?.close();
    await whatsapp?.close();
  });

  const start = () => {
    const started = spawnNotifier(env);
    processes.push(started);
    return started;
  };
  const arrived = () => smtp.received.length + termii.requests.length + whatsapp.requests.length;
  const readProgress = async () => {
    const { rows } = await h.db.pool.query<{ sent: string; marked: string }>(
      `SELECT count(*) FILTER (WHERE status = 'sent') AS sent, count(*) FILTER (WHERE sending_attempt IS NOT NULL) AS marked
         FROM notifications`,
    );
    return `${rows[0]!.sent} sent, ${rows[0]!.marked} in flight`;
  };
  const readMarkedInFlight = async () =>
    (await h.db.pool.query<{ id: string }>('SELECT id FROM notifications WHERE sending_attempt IS NOT NULL')).rows.map(
      (row) => row.id,
    );

  it('sends every message at least once, each email under one Message-ID, and twice only if it was in flight at a kill', async () => {
    let notifier = start();
    for (let from = 0; from < BURST; from += 50) {
      await h.eventStore.appendToStream(
        `kill-burst-${from}`,
        Array.from({ length: 50 }, (_, index) => newEvent('SlotReserved', lead(from + index))),
        { expectedRevision: 'no_stream' },
      );
    }

    const inFlightAtKills = new Set<string>();
    const arrivedAtKills: number[] = [];
    for (let kill = 0; kill < KILLS; kill += 1) {
      // Killed while delivering: some of the burst's messages out since the last start, not all.
      const floor = arrived();
      await expect.poll(arrived, { timeout: 60_000, interval: 10 }).toBeGreaterThan(floor + 50);
      await notifier.stop('SIGKILL');
      arrivedAtKills.push(arrived());
      expect(arrived(), notifier.output()).toBeLessThan(TOTAL);
      for (const id of await readMarkedInFlight()) inFlightAtKills.add(id);
      notifier = start();
    }
    expect(inFlightAtKills.size).toBeLessThanOrEqual(KILLS * CONCURRENCY);

    // Sent, and no attempt left in flight: each outcome is in the sent-log too.
    await expect.poll(readProgress, { timeout: 240_000, interval: 500 }).toBe(`${TOTAL} sent, 0 in flight`);

    const rows = (
      await h.db.pool.query<{ id: string; channel: string; recipient: string }>(
        'SELECT id, channel, recipient FROM notifications',
      )
    ).rows;
    expect(rows).toHaveLength(TOTAL);
    // What each provider got, by message: emails by their own header, texts by the lead's phone.
    const byPhone = new Map(
      rows.filter((row) => row.channel !== 'email').map((row) => [`${row.channel}:${row.recipient}`, row.id]),
    );
    const emails = smtp.received.map((mail) => ({
      id: headerOf(mail.raw, 'X-Acres-Notification-Id'),
      messageId: headerOf(mail.raw, 'Message-ID'),
    }));
    const arrivals = [
      ...emails.map((mail) => mail.id),
      ...termii.requests.map((request) => byPhone.get(`sms:+${(request.body as { to: string }).to}`)),
      ...whatsapp.requests.map((request) => byPhone.get(`whatsapp:+${(request.body as { to: string }).to}`)),
    ];
    const perMessage = countBy(arrivals.map((id) => id ?? 'unknown'));
    expect([...perMessage.keys()].sort()).toEqual(rows.map((row) => row.id).sort());
    const emailIds = new Set(rows.filter((row) => row.channel === 'email').map((row) => row.id));
    const messageIds = countBy(emails.map((mail) => mail.messageId ?? 'none'));
    expect(messageIds.size).toBe(emailIds.size);
    expect(new Set(emails.map((mail) => `${mail.id} ${mail.messageId}`)).size).toBe(emailIds.size);

    const twice = [...perMessage].filter(([, count]) => count > 1).map(([id]) => id);
    console.info(
      `notifier killed ${KILLS} times at ${arrivedAtKills.join(' and ')} of ${TOTAL} arrivals: ` +
        `${inFlightAtKills.size} messages in flight at the kills, ${twice.length} arrived twice, ` +
        `${arrivals.length - TOTAL} extra arrivals in all`,
    );
    for (const id of twice) expect(inFlightAtKills, `${id} arrived ${perMessage.get(id)} times`).toContain(id);
    expect(Math.max(...perMessage.values())).toBeLessThanOrEqual(1 + KILLS);

    // The sent-log holds one NotificationSent per message, whatever was sent twice.
    const sent = (await readSentLog(h)).filter((entry) => entry.type === 'NotificationSent');
    expect(countBy(sent.map((entry) => entry.data.notificationId)).size).toBe(TOTAL);
    expect(sent).toHaveLength(TOTAL);
  }, 300_000);
});
