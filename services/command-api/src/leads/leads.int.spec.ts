import { randomUUID } from 'node:crypto';
import { validate, version } from 'uuid';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { NIGERIAN_PHONE_MESSAGE } from '@acres/contracts';
import { BODY_NOT_OBJECT_MESSAGE } from '../commands/content-type.ts';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../commands/handle-command.ts';
import { leadStreamId } from './streams.ts';
import { IDEMPOTENCY_KEY_MESSAGE } from '../commands/request-context.ts';
import { postJson, startCommandApi, type CommandApiHarness, type Problem } from '../../test/command-api-harness.ts';
import { leadContactConsent, validLead } from '@acres/fixtures';

const NOW = new Date('2026-05-01T10:00:00.000Z');
let h: CommandApiHarness;

beforeAll(async () => {
  h = await startCommandApi({ adminUrl: inject('pgAdminUrl'), now: () => NOW });
});
afterAll(async () => h?.close());

const errorsOf = (body: string) => (JSON.parse(body) as Problem).errors ?? [];

describe('POST /api/leads with a valid reservation', () => {
  it('answers 201 with the lead id and the event position, and stores SlotReserved with its metadata', async () => {
    const requestId = randomUUID();
    const response = await postJson(h.app, '/api/leads', validLead({ phoneE164: '+2340000000000' }), {
      'x-request-id': requestId,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; position: string }>();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.position).toMatch(/^\d+$/);

    const [event, consent, ...rest] = await h.eventStore.readStream(leadStreamId(body.id));
    expect(rest).toEqual([]);
    // The consent the form's checkbox gave, in the same append: the answer's position is the append's last.
    expect(consent!.globalPosition.toString()).toBe(body.position);
    expect(consent!.globalPosition - event!.globalPosition).toBe(1n);
    expect(consent!.type).toBe('ConsentRecorded');
    expect(consent!.data).toEqual(
      leadContactConsent({ subjectId: body.id, email: 'adaeze@example.ng', phone: '+2348031234567', at: NOW.toISOString() }),
    );
    expect(event!.type).toBe('SlotReserved');
    expect(event!.data).toMatchObject({
      leadId: body.id,
      fullName: 'Adaeze Okafor',
      phone: '+234 803 123 4567',
      // The client's disagreeing phoneE164 is ignored; the server derives it from phone.
      phoneE164: '+2348031234567',
      priceBand: '3.5M',
      consent: true,
      reservedAt: NOW.toISOString(),
    });
    expect(event!.metadata).toMatchObject({
      correlationId: requestId,
      causationId: requestId,
      actor: { kind: 'visitor', id: null },
      schemaVersion: 1,
      occurredAt: NOW.toISOString(),
    });
    expect(event!.metadata.idempotencyKey).toBeUndefined();
  });

  it('accepts a charset parameter on the content type', async () => {
    const response = await postJson(h.app, '/api/leads', validLead(), { 'content-type': 'application/json; charset=utf-8' });
    expect(response.statusCode).toBe(201);
  });

  // An id that is not an RFC 9562 uuid (version and variant digits) would break the
  // metadata contract (EventMetadataSchema.correlationId is z.uuid()), so it is replaced too.
  it.each([['proxy-42'], ['00000000-0000-0000-0000-000000000001']])(
    'uses a fresh correlation id when the request id is %s',
    async (requestId) => {
      const response = await postJson(h.app, '/api/leads', validLead(), { 'x-request-id': requestId });
      const [event] = await h.eventStore.readStream(leadStreamId(response.json<{ id: string }>().id));
      const { correlationId } = event!.metadata;
      expect(validate(correlationId) && version(correlationId)).toBe(4);
    },
  );
});

describe('POST /api/leads with bad fields', () => {
  it('names every failing field with its message', async () => {
    const response = await postJson(h.app, '/api/leads', {
      email: 'not-an-email',
      phone: '0803 123',
      role: 'Banker',
      intendedAcres: 0,
      consent: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(errorsOf(response.body)).toEqual(
      expect.arrayContaining([
        { field: 'fullName', message: 'Full name is required' },
        { field: 'email', message: 'Valid email is required' },
        { field: 'phone', message: 'Phone number is required' },
        { field: 'role', message: 'Please select your role' },
        { field: 'intendedAcres', message: 'Minimum 1 acre required' },
        { field: 'commitment', message: 'Please select your commitment' },
        { field: 'consent', message: 'You must consent to be contacted' },
      ]),
    );
    // consentVersion may be left out (SPEC 7's payload has none): the current text is recorded, not stated.
    expect(errorsOf(response.body)).toHaveLength(7);
  });

  it.each([
    [0, 'Minimum 1 acre required'],
    [201, 'Maximum 200 acres'],
    ['abc', 'Minimum 1 acre required'],
  ])('refuses intendedAcres %j', async (intendedAcres, message) => {
    const response = await postJson(h.app, '/api/leads', validLead({ intendedAcres }));
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.body)).toEqual([{ field: 'intendedAcres', message }]);
  });

  it.each([['080312345'], ['123456789'], ['']])('refuses a phone shorter than 10 characters (%j)', async (phone) => {
    const response = await postJson(h.app, '/api/leads', validLead({ phone }));
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.body)).toEqual([{ field: 'phone', message: 'Phone number is required' }]);
  });

  it('refuses a number that is not Nigerian once converted', async () => {
    const response = await postJson(h.app, '/api/leads', validLead({ phone: '+44 20 7946 0958' }));
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.body)).toEqual([{ field: 'phone', message: NIGERIAN_PHONE_MESSAGE }]);
  });

  it('refuses text PostgreSQL cannot store, naming the field', async () => {
    const response = await postJson(h.app, '/api/leads', validLead({ notes: 'before\u0000after', fullName: 'Ada \ud800' }));
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.body)).toEqual([
      { field: 'fullName', message: 'fullName must be valid UTF-8 text' },
      { field: 'notes', message: 'notes must not contain a NUL character' },
    ]);
  });

  it('refuses a price band other than 3.5M', async () => {
    const response = await postJson(h.app, '/api/leads', validLead({ priceBand: '2M' }));
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.body).map((e) => e.field)).toEqual(['priceBand']);
  });
});

describe('POST /api/leads with a body that is not a JSON object', () => {
  const send = (payload: string, contentType?: string) =>
    h.app.inject({ method: 'POST', url: '/api/leads', headers: contentType ? { 'content-type': contentType } : {}, payload });

  it.each([['{"fullName":'], ['{fullName: "x"}'], ["{'a':1}"]])('answers 400 for invalid JSON %j', async (payload) => {
    const response = await send(payload, 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().detail).toBe('The request body is not valid JSON');
  });

  it.each([['[]'], ['null'], ['"text"'], ['42'], ['true']])('answers 400 naming the body for %s', async (payload) => {
    const response = await send(payload, 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().errors).toEqual([{ field: 'body', message: BODY_NOT_OBJECT_MESSAGE }]);
  });

  it('answers 400 for an empty JSON body', async () => {
    expect((await send('', 'application/json')).statusCode).toBe(400);
  });

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['application/jsonp'], [undefined]])(
    'answers 415 for content type %s',
    async (contentType) => {
      const response = await send(JSON.stringify(validLead()), contentType);
      expect(response.statusCode).toBe(415);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json<Problem>().detail).toContain('application/json');
    },
  );

  it('answers 413 for a 100 KB body', async () => {
    const response = await send(JSON.stringify(validLead({ notes: 'x'.repeat(100 * 1024) })), 'application/json');
    expect(response.statusCode).toBe(413);
    expect(response.json<Problem>().status).toBe(413);
  });

  it('answers 400 for a prototype-poisoning body', async () => {
    const response = await send('{"__proto__":{"consent":true}}', 'application/json');
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/leads with an Idempotency-Key', () => {
  it('answers a retry with the first result and writes one event', async () => {
    const key = `lead-${randomUUID()}`;
    const first = await postJson(h.app, '/api/leads', validLead(), { 'idempotency-key': key });
    const retry = await postJson(h.app, '/api/leads', validLead(), { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const events = await h.eventStore.readStream(leadStreamId(first.json<{ id: string }>().id));
    expect(events.map((event) => event.type)).toEqual(['SlotReserved', 'ConsentRecorded']);
    expect(events[0]!.metadata.idempotencyKey).toBe(key);
  });

  it('writes one event when the same request arrives several times at once', async () => {
    const key = `burst-${randomUUID()}`;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => postJson(h.app, '/api/leads', validLead(), { 'idempotency-key': key })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    const events = await h.eventStore.readStream(leadStreamId(responses[0]!.json<{ id: string }>().id));
    expect(events.map((event) => event.type)).toEqual(['SlotReserved', 'ConsentRecorded']);
  });

  it('writes a first attempt in one append, without reading the stream it creates (only the terms in force)', async () => {
    const readStream = vi.spyOn(h.eventStore, 'readStream');
    const append = vi.spyOn(h.eventStore, 'appendToStream');
    try {
      const key = `once-${randomUUID()}`;
      const first = await postJson(h.app, '/api/leads', validLead(), { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      expect(readStream.mock.calls.map(([streamId]) => streamId)).toEqual(['settings']);
      expect(append).toHaveBeenCalledTimes(1);
      expect(append.mock.calls[0]![2]).toEqual({ expectedRevision: 'no_stream' });
    } finally {
      readStream.mockRestore();
      append.mockRestore();
    }
  });

  it('refuses the same key with a different body', async () => {
    const key = `reuse-${randomUUID()}`;
    expect((await postJson(h.app, '/api/leads', validLead(), { 'idempotency-key': key })).statusCode).toBe(201);
    const other = await postJson(h.app, '/api/leads', validLead({ intendedAcres: 30 }), { 'idempotency-key': key });
    expect(other.statusCode).toBe(409);
    expect(other.json<Problem>().detail).toBe(IDEMPOTENCY_KEY_REUSED_MESSAGE);
  });

  it.each([['has space'], ['x'.repeat(201)], ['ключ'], ['']])('refuses the malformed key %j naming the header', async (key) => {
    const response = await postJson(h.app, '/api/leads', validLead(), { 'idempotency-key': key });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.body)).toEqual([{ field: 'Idempotency-Key', message: IDEMPOTENCY_KEY_MESSAGE }]);
  });

  it('gives different requests without a key different leads', async () => {
    const a = await postJson(h.app, '/api/leads', validLead());
    const b = await postJson(h.app, '/api/leads', validLead());
    expect(a.json<{ id: string }>().id).not.toBe(b.json<{ id: string }>().id);
  });
});
