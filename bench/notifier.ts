import { randomBytes } from 'node:crypto';
// Issue 13: messages rendered per second (the pure planning of a lead's four messages) and
// delivered per second by the notifier, its emails to a real SMTP server on loopback, its
// SMS and WhatsApp to the local outbox (no provider is reached from a bench).

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseEvent } from '@acres/contracts/events';
import { createLogger, createPool } from '@acres/platform';
import { createPostgresEventStore } from '@acres/eventstore';
import { createAddressDigest, deriveMasterKey } from '@acres/eventstore/protect';
import { readNotifierSettings, startNotifier } from '@acres/notifier';
import { planMessages } from '@acres/notifier/plan';
import { slotReserved } from './projector.ts';
import { rate, record } from './report.ts';

const startSmtpSink = async () => {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export const measureNotifier = async (options: { databaseUrl: string; leads: number }) => {
  const events = Array.from({ length: options.leads }, (_, index) => slotReserved(index));

  // Rendering alone: event → the lead's SMS, WhatsApp and email and the admin's alert, HTML and text.
  const addressDigest = createAddressDigest(deriveMasterKey('notifier-bench-master-key-0123456789'));
  const settings = {
    adminEmail: 'ops@acres.example',
    publicUrl: 'https://acres.example',
    linkSigningSecret: 'bench-link-signing-secret-0123456789abcdef',
    addressDigest,
  };
  const renderStarted = performance.now();
  let rendered = 0;
  for (const [index, event] of events.entries()) {
    rendered += planMessages({
      event: parseEvent(event.type, event.data),
      position: BigInt(index + 1),
      contacts: new Map(),
      settings,
    }).length;
  }
  const renderPerSecond = rendered / ((performance.now() - renderStarted) / 1000);

  const pool = createPool({ connectionString: options.databaseUrl, max: 12 });
  const eventStore = createPostgresEventStore({ pool, connectionString: options.databaseUrl });
  const smtp = await startSmtpSink();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-bench-notify-'));
  try {
    for (let start = 0; start < events.length; start += 500) {
      await eventStore.appendToStream(`bench-notify-${start}`, events.slice(start, start + 500), {
        expectedRevision: 'no_stream',
      });
    }
    const expected = rendered;
    const started = performance.now();
    const notifier = await startNotifier({
      pool,
      eventStore,
      addressDigest,
      logger: createLogger({ level: 'silent' }),
      settings: readNotifierSettings({
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Acres <hello@acres.example>',
        ADMIN_NOTIFY_EMAIL: settings.adminEmail,
      }),
      dataDir,
      linkSigningSecret: randomBytes(32).toString('base64url'),
      concurrency: 8,
    });
    let sent = 0;
    while (sent < expected) {
      await sleep(200);
      sent = (await pool.query<{ sent: number }>(`SELECT count(*)::int AS sent FROM notifications WHERE status = 'sent'`))
        .rows[0]!.sent;
    }
    const seconds = (performance.now() - started) / 1000;
    await notifier.stop();
    const deliverPerSecond = sent / seconds;
    console.log(
      `notifier over ${options.leads.toLocaleString('en-US')} leads: ${rate(renderPerSecond)} messages rendered; ${rate(deliverPerSecond)} delivered (${sent} in ${seconds.toFixed(1)} s, ${smtp.received()} emails to loopback SMTP, the rest to the outbox)`,
    );
    record({
      figure: 'notifier: messages rendered',
      ours: `${rate(renderPerSecond)} messages`,
      comparison: '',
      ratio: '',
      goal: '',
      met: null,
    });
    record({
      figure: `notifier: delivered, ${sent} messages`,
      ours: `${rate(deliverPerSecond)} messages`,
      comparison: `${smtp.received()} emails over SMTP`,
      ratio: '',
      goal: 'each sent once',
      met: sent === expected && smtp.received() === expected / 2,
    });
  } finally {
    await smtp.close();
    await eventStore.close();
    await pool.end();
    await rm(dataDir, { recursive: true, force: true });
  }
};
