// Issue 24, finding 3 and item 2, through the whole product over HTTP with Termii on its loopback
// server and STOP through its signed webhook: a stranger registers as an affiliate with the
// victim's phone number. The number's messages and consent are not in the stranger's export, the
// stranger cannot opt it back in after the victim's STOP, and no marketing goes to it; the code
// that would prove the number goes to the victim's phone, so only the victim can confirm it.

import { createHmac } from 'node:crypto';
import { validAffiliateRegistration, validLead } from '@acres/fixtures';
import { strFromU8, unzipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readWholeLog, storedLog } from '@acres/eventstore/test';
import { expectStatus, send, signUp, type Investor } from '../../../tests/browser/fixtures/api.ts';
import { loopbackChannelEnv, startHttpServer, startSmtpServer } from '@acres/notifier/test';
import { captureLogLines, waitFor } from '../test/spec-helpers.ts';
import { startStandaloneForTest, TEST_ADMIN, type StandaloneTestServer } from '../test/test-server.ts';

const TERMII_WEBHOOK_SECRET = 'termii-webhook-secret-for-phone-tests';
const VICTIM_PHONE = '+2348035550101';
const VICTIM_DIGITS = VICTIM_PHONE.slice(1);
const adminAuthorization = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;

type Started<T extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<T>>;
type SmsRequest = { to: string; sms: string; channel: string };
type Problem = { detail: string; errors?: { field: string; message: string }[] };

let server: StandaloneTestServer;
let smtp: Started<typeof startSmtpServer>;
let termii: Started<typeof startHttpServer>;
let whatsapp: Started<typeof startHttpServer>;
let pool: pg.Pool;
let stranger: Investor;
let victim: Investor;
const { lines: logLines, sink: logSink } = captureLogLines();

const smsTo = (digits: string) =>
  termii.requests.map((request) => request.body as SmsRequest).filter((body) => body.to === digits);
const CODE_IN_TEXT = /code is (\d{6})/;
const codesSentTo = (digits: string) => smsTo(digits).flatMap((sms) => CODE_IN_TEXT.exec(sms.sms)?.[1] ?? []);
const marketingSmsTo = (digits: string) => smsTo(digits).filter((sms) => !CODE_IN_TEXT.test(sms.sms));

/** The code of the newest verification SMS to this number, once Termii has it. */
const awaitNewCode = async (digits: string, before: number) =>
  (
    await waitFor(
      async () => codesSentTo(digits),
      (codes) => codes.length > before,
      'the code SMS',
    )
  ).at(-1)!;

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const askCode = (who: Investor, phoneNumber: string) =>
  send(server.url, '/api/me/phone-verification', { method: 'POST', cookie: who.cookie, json: { phoneNumber } });
const confirmCode = (who: Investor, code: string) =>
  send(server.url, '/api/me/phone-verification/confirm', { method: 'POST', cookie: who.cookie, json: { code } });
const setSms = (who: Investor, optedOut: boolean) =>
  send(server.url, '/api/me/message-preferences', {
    method: 'PUT',
    cookie: who.cookie,
    json: { purpose: 'marketing', channel: 'sms', optedOut },
  });
const getJson = async <T>(who: Investor, path: string) => {
  const response = await send(server.url, path, { method: 'GET', cookie: who.cookie });
  await expectStatus(response, 200);
  return (await response.json()) as T;
};

type Export = {
  subjects: { phones: string[]; affiliateIds: string[] };
  messages: { recipient: string; body_text: string | null; kind: string }[];
  consent: { events: { data: Record<string, unknown> }[]; optOuts: { address: string }[] };
};
const readExport = async (who: Investor) => {
  const response = await send(server.url, '/api/me/data-export', { method: 'GET', cookie: who.cookie });
  await expectStatus(response, 200);
  const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const text = Object.values(entries)
    .map((bytes) => Buffer.from(bytes).toString('utf8'))
    .join('\n');
  return { data: JSON.parse(strFromU8(entries['data.json']!)) as Export, text };
};

type OutboxMessage = { kind: string; channel: string; recipient: string; status: string; delivery: string; text: string };
const readOutbox = async () => {
  const response = await fetch(new URL('/api/admin/outbox', server.url), { headers: { authorization: adminAuthorization } });
  await expectStatus(response, 200);
  return { text: await response.clone().text(), messages: ((await response.json()) as { messages: OutboxMessage[] }).messages };
};

const signedStop = async (from: string) => {
  const body = JSON.stringify({ type: 'inbound', id: `stop-${from}`, sender: from, receiver: 'Acres', message: 'STOP' });
  const signature = createHmac('sha512', TERMII_WEBHOOK_SECRET).update(body).digest('hex');
  const response = await fetch(new URL('/api/webhooks/termii', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-termii-signature': signature },
    body,
  });
  await expectStatus(response, 200);
};

/** The same six digits standing alone (not inside a longer number or id). */
const containsCode = (text: string, code: string) => new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`).test(text);

beforeAll(async () => {
  smtp = await startSmtpServer();
  termii = await startHttpServer(() => ({ status: 200, body: { message_id: 'termii-1', message: 'Successfully Sent' } }));
  whatsapp = await startHttpServer(() => ({ status: 200, body: { messages: [{ id: 'wamid.1' }] } }));
  server = await startStandaloneForTest({
    adminUrl: inject('pgAdminUrl'),
    logSink,
    env: {
      ...loopbackChannelEnv({
        smtpUrl: smtp.url,
        termiiUrl: termii.url,
        whatsappUrl: whatsapp.url,
        adminEmail: 'ops@acres.example',
      }),
      TERMII_WEBHOOK_SECRET,
    },
  });
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  // The victim's own lead texts their number a marketing message.
  const lead = await send(server.url, '/api/leads', {
    method: 'POST',
    json: validLead({ fullName: 'Vera Victim', email: 'vera@example.ng', phone: '0803 555 0101', phoneE164: VICTIM_DIGITS }),
  });
  await expectStatus(lead, 201);
  await waitFor(
    async () => marketingSmsTo(VICTIM_DIGITS),
    (sms) => sms.length === 1,
    'the lead SMS to the victim',
  );
  // The stranger registers as an affiliate with the victim's number; the victim replies STOP.
  stranger = await signUp(server.url, 'Stranger', 'Sam');
  const registered = await send(server.url, '/api/affiliate/register', {
    method: 'POST',
    cookie: stranger.cookie,
    json: validAffiliateRegistration({ full_name: 'Stranger Sam', phone_number: '0803 555 0101' }),
  });
  await expectStatus(registered, 201);
  await signedStop('08035550101');
}, 90_000);

afterAll(async () => {
  await pool?.end();
  await server?.close();
  await Promise.all([smtp?.close(), termii?.close(), whatsapp?.close()]);
});

describe('a stranger who typed the victim’s phone number', () => {
  it('finds none of that number’s messages or consent in their export', async () => {
    const { data } = await waitFor(
      () => readExport(stranger),
      (found) => found.data.subjects.affiliateIds.length > 0,
      'the affiliate in the stranger’s export',
    );
    expect(data.subjects.phones.map((phone) => phone.replace(/\D/g, ''))).not.toContain(VICTIM_DIGITS);
    expect(data.messages.filter((message) => message.recipient.replace(/\D/g, '') === VICTIM_DIGITS)).toEqual([]);
    expect(data.consent.optOuts.filter((optOut) => optOut.address.replace(/\D/g, '') === VICTIM_DIGITS)).toEqual([]);
    expect(data.consent.events.filter((event) => JSON.stringify(event.data).includes(VICTIM_DIGITS))).toEqual([]);
  });

  it('cannot opt the number back in after its STOP, and no marketing goes to it', async () => {
    const refused = await setSms(stranger, false);
    await expectStatus(refused, 409);
    const problem = (await refused.json()) as Problem;
    expect(problem.errors).toEqual([{ field: 'channel', message: expect.stringMatching(/^Confirm this phone number first/) }]);
    const preferences = await getJson<{ preferences: { channel: string; address: string | null }[] }>(
      stranger,
      '/api/me/message-preferences',
    );
    expect(preferences.preferences.filter((preference) => preference.channel === 'sms').map((p) => p.address)).toEqual([null]);
    // Another lead with the number: its marketing SMS is suppressed, never handed to Termii.
    const lead = await send(server.url, '/api/leads', {
      method: 'POST',
      json: validLead({
        fullName: 'Vera Again',
        email: 'vera.again@example.ng',
        phone: '0803 555 0101',
        phoneE164: VICTIM_DIGITS,
      }),
    });
    await expectStatus(lead, 201);
    const outbox = await waitFor(
      readOutbox,
      ({ messages }) =>
        messages.filter((m) => m.kind === 'lead-confirmation' && m.channel === 'sms' && m.status !== 'queued').length >= 2,
      'the second lead SMS decided',
    );
    const leadSms = outbox.messages.filter((m) => m.kind === 'lead-confirmation' && m.channel === 'sms');
    expect(leadSms.map((m) => m.status).sort()).toEqual(['sent', 'suppressed']);
    // Termii accepted the one it was handed: sent, not held (held is for a channel with no provider).
    expect(leadSms.map((m) => m.delivery).sort()).toEqual(['sent', 'suppressed']);
    expect(marketingSmsTo(VICTIM_DIGITS)).toHaveLength(1);
  });
});

describe('the number’s owner', () => {
  it('confirms it with the code texted to it (on Termii’s transactional route), then sets its preferences', async () => {
    victim = await signUp(server.url, 'Vera', 'Victim');
    const before = codesSentTo(VICTIM_DIGITS).length;
    const asked = await askCode(victim, '0803 555 0101');
    await expectStatus(asked, 202);
    expect(await asked.json()).toMatchObject({ phoneE164: VICTIM_PHONE, attemptsLeft: 5 });
    const code = await awaitNewCode(VICTIM_DIGITS, before);
    expect(smsTo(VICTIM_DIGITS).find((sms) => sms.sms.includes(code))?.channel).toBe('dnd');

    const confirmed = await confirmCode(victim, code);
    await expectStatus(confirmed, 200);
    expect(await confirmed.json()).toMatchObject({ phoneE164: VICTIM_PHONE });
    await expectStatus(await setSms(victim, true), 200);

    const phones = await waitFor(
      () => getJson<{ phones: { phoneE164: string }[]; currentPhoneE164: string | null }>(victim, '/api/me/phones'),
      (found) => found.currentPhoneE164 !== null,
      'the verified phone projected',
    );
    expect(phones.phones.map((phone) => phone.phoneE164)).toEqual([VICTIM_PHONE]);
    const preferences = await getJson<{ preferences: { channel: string; address: string | null; optedOut: boolean }[] }>(
      victim,
      '/api/me/message-preferences',
    );
    expect(preferences.preferences.filter((p) => p.channel === 'sms')).toEqual([
      expect.objectContaining({ address: VICTIM_PHONE }),
    ]);
    // Their export now has the number's messages, the code redacted as the Outbox shows it.
    const { data } = await readExport(victim);
    const texts = data.messages.filter((m) => m.recipient.replace(/\D/g, '') === VICTIM_DIGITS).map((m) => m.body_text);
    expect(texts).toContainEqual(expect.stringContaining('code is hidden'));
  });
});

describe('limits on codes', () => {
  it('lets the stranger ask, but the code goes to the victim; five wrong codes kill the request (410)', async () => {
    const before = codesSentTo(VICTIM_DIGITS).length;
    await expectStatus(await askCode(stranger, VICTIM_PHONE), 202);
    const code = await awaitNewCode(VICTIM_DIGITS, before);
    const wrong = wrongCodeFor(code);
    const answers: { status: number; problem: Problem }[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await confirmCode(stranger, wrong);
      answers.push({ status: response.status, problem: (await response.json()) as Problem });
    }
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.map((answer) => answer.problem.errors?.[0]?.field)).toEqual(['code', 'code', 'code', 'code', 'code']);
    expect(answers[0]!.problem.detail).toContain('4 attempts are left');
    expect(answers[4]!.problem.detail).toContain('No attempts are left');
    // Even the right code is refused now: the request is dead.
    const dead = await confirmCode(stranger, code);
    await expectStatus(dead, 410);
    expect(((await dead.json()) as Problem).detail).toMatch(/Ask for a new code/);
    await expectStatus(await setSms(stranger, false), 409);
  });

  it('sends at most three codes an hour to one number, whichever accounts ask (429 naming phoneNumber)', async () => {
    // The victim's and the stranger's codes were two; a third account's is the third.
    const third = await signUp(server.url, 'Third', 'Party');
    await expectStatus(await askCode(third, VICTIM_PHONE), 202);
    const refused = await askCode(third, VICTIM_PHONE);
    await expectStatus(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const problem = (await refused.json()) as Problem;
    expect(problem.errors?.[0]).toEqual({ field: 'phoneNumber', message: expect.stringContaining('this number') });
  });

  it('sends at most five codes an hour for one account (429 naming phoneNumber)', async () => {
    const busy = await signUp(server.url, 'Busy', 'Bee');
    for (const suffix of ['11', '12', '13', '14', '15']) await expectStatus(await askCode(busy, `0803 555 02${suffix}`), 202);
    const refused = await askCode(busy, '0803 555 0216');
    await expectStatus(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const problem = (await refused.json()) as Problem;
    expect(problem.errors?.[0]).toEqual({ field: 'phoneNumber', message: expect.stringContaining('too many codes') });
  });
});

describe('the texted code', () => {
  it('is in no event, log line, Outbox view or export', async () => {
    // The victim's, the stranger's, the third account's and the busy account's five.
    const allCodes = () => termii.requests.flatMap((request) => CODE_IN_TEXT.exec((request.body as SmsRequest).sms)?.[1] ?? []);
    const codes = [
      ...new Set(
        await waitFor(
          async () => allCodes(),
          (found) => found.length >= 8,
          'every code texted',
        ),
      ),
    ];
    const rows = await readWholeLog(storedLog(pool));
    const events = rows.map((row) => row.type + JSON.stringify(row.data) + JSON.stringify(row.metadata)).join('\n');
    const outbox = await readOutbox();
    expect(outbox.messages.filter((m) => m.kind === 'phone-verification').map((m) => m.text)).toContainEqual(
      expect.stringContaining('code is hidden'),
    );
    const exports = (await readExport(victim)).text + (await readExport(stranger)).text;
    for (const code of codes) {
      expect(containsCode(events, code), `code ${code} in an event`).toBe(false);
      expect(containsCode(logLines.join('\n'), code), `code ${code} in a log line`).toBe(false);
      expect(containsCode(outbox.text, code), `code ${code} in the Outbox`).toBe(false);
      expect(containsCode(exports, code), `code ${code} in an export`).toBe(false);
    }
  });
});
