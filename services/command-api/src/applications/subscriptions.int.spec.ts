import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import { APPLICATION_NUMBER_PATTERN, DUPLICATE_APPLICATION_MESSAGE } from '@acres/domain';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../commands/handle-command.ts';
import { applicationStreamId } from './streams.ts';
import { postJson, startCommandApi, type Problem } from '../../test/command-api-harness.ts';
import { validApplication } from '@acres/fixtures';
import { testAddressDigest } from '@acres/eventstore/test';

const NOW = new Date('2026-05-01T10:00:00.000Z');
const h = useHarness(() => startCommandApi({ adminUrl: inject('pgAdminUrl'), now: () => NOW }));

const uniqueEmail = (name = 'applicant') => `${name}-${randomUUID().slice(0, 8)}@example.ng`;
const submit = (body: unknown, headers?: Record<string, string>) => postJson(h.app, '/api/subscriptions', body, headers);
const errorsOf = (body: string) => (JSON.parse(body) as Problem).errors ?? [];

describe('POST /api/subscriptions for a new email', () => {
  it('answers 201 with the id, a readable application number and the position, and stores the event', async () => {
    const email = uniqueEmail();
    const response = await submit(validApplication({ email }));
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; applicationNumber: string; position: string }>();
    expect(body.applicationNumber).toMatch(APPLICATION_NUMBER_PATTERN);
    expect(body.applicationNumber.startsWith('ACR-2026-')).toBe(true);

    const [event, consent, ...rest] = await h.eventStore.readStream(applicationStreamId(testAddressDigest, email));
    expect(rest).toEqual([]);
    // The acknowledgment of the terms is recorded in the same append (the consent ledger).
    expect(consent!.type).toBe('ConsentRecorded');
    expect(consent!.globalPosition.toString()).toBe(body.position);
    expect(event!.type).toBe('ApplicationSubmitted');
    expect(event!.globalPosition + 1n).toBe(consent!.globalPosition);
    expect(event!.data).toMatchObject({
      applicationId: body.id,
      applicationNumber: body.applicationNumber,
      email,
      subscriptionValue: 70_000_000,
      otherName: null,
      submittedAt: NOW.toISOString(),
    });
    expect(event!.metadata).toMatchObject({ actor: { kind: 'visitor', id: null }, schemaVersion: 1 });
  });

  it('refuses a subscription value that is not acres × 3,500,000', async () => {
    const response = await submit(validApplication({ email: uniqueEmail(), acresSubscribed: 25, subscriptionValue: 70_000_000 }));
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.body)).toEqual([
      { field: 'subscriptionValue', message: 'Subscription value must equal acres × ₦3,500,000 (₦87,500,000 for 25 acres)' },
    ]);
  });

  it('lists every SPEC message for an empty application', async () => {
    const response = await submit({});
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.body)).toEqual(
      expect.arrayContaining([
        { field: 'surname', message: 'Surname is required' },
        { field: 'firstName', message: 'First name is required' },
        { field: 'dateOfBirth', message: 'Date of birth is required' },
        { field: 'gender', message: 'Gender is required' },
        { field: 'nationality', message: 'Nationality is required' },
        { field: 'maritalStatus', message: 'Marital status is required' },
        { field: 'residentialAddress', message: 'Residential address is required' },
        { field: 'email', message: 'Valid email is required' },
        { field: 'phoneNumber', message: 'Phone number is required' },
        { field: 'city', message: 'City is required' },
        { field: 'occupation', message: 'Occupation is required' },
        { field: 'kinName', message: 'Next of kin name is required' },
        { field: 'kinRelationship', message: 'Relationship is required' },
        { field: 'kinAddress', message: 'Next of kin address is required' },
        { field: 'kinPhone', message: 'Next of kin phone is required' },
        { field: 'kinEmail', message: 'Valid next of kin email is required' },
        { field: 'acresSubscribed', message: 'Number of acres must be at least 1' },
        { field: 'subscriptionValue', message: 'Subscription value is required' },
        { field: 'paymentOption', message: 'Payment option is required' },
        { field: 'modeOfPayment', message: 'Mode of payment is required' },
        { field: 'acknowledgment', message: 'You must acknowledge all terms and conditions' },
      ]),
    );
    // acknowledgmentVersion may be left out (SPEC 7's payload has none): the current text is recorded, not stated.
    expect(errorsOf(response.body)).toHaveLength(21);
  });

  it.each([
    ['surname', '   ', 'Surname is required'],
    ['email', 'not-an-email', 'Valid email is required'],
    ['kinEmail', 'chidi@', 'Valid next of kin email is required'],
    ['gender', 'other', 'Gender is required'],
    ['maritalStatus', 'engaged', 'Marital status is required'],
    ['acresSubscribed', 0, 'Number of acres must be at least 1'],
    ['subscriptionValue', 0, 'Subscription value is required'],
    ['paymentOption', 'monthly', 'Payment option is required'],
    ['modeOfPayment', 'crypto', 'Mode of payment is required'],
    ['acknowledgment', false, 'You must acknowledge all terms and conditions'],
  ])('refuses %s = %j with the SPEC message', async (field, value, message) => {
    const response = await submit(validApplication({ email: uniqueEmail(), [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.body)).toEqual([{ field, message }]);
  });
});

describe('POST /api/subscriptions for an email that has applied', () => {
  it('answers 409 for the same email in another case', async () => {
    const email = uniqueEmail('Case');
    expect((await submit(validApplication({ email }))).statusCode).toBe(201);
    const again = await submit(validApplication({ email: `  ${email.toUpperCase()} ` }));
    expect(again.statusCode).toBe(409);
    expect(again.json<Problem>().detail).toBe(DUPLICATE_APPLICATION_MESSAGE);
  });

  it('accepts exactly one of 20 concurrent submissions and stores one event', async () => {
    const email = uniqueEmail('race');
    const spellings = [email, email.toUpperCase(), ` ${email}`, email.replace(/^r/, 'R')];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submit(validApplication({ email: spellings[i % spellings.length] }))),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json<Problem>().detail).toBe(DUPLICATE_APPLICATION_MESSAGE);
    }
    const stored = (await h.readAllEvents()).filter((e) => e.streamId === applicationStreamId(testAddressDigest, email));
    expect(stored.map((e) => e.type)).toEqual(['ApplicationSubmitted', 'ConsentRecorded']);
  });
});

describe('POST /api/subscriptions with an Idempotency-Key', () => {
  it('answers a retry with the first result, not with 409', async () => {
    const key = randomUUID();
    const body = validApplication({ email: uniqueEmail() });
    const first = await submit(body, { 'idempotency-key': key });
    const retry = await submit(body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(
      (await h.eventStore.readStream(applicationStreamId(testAddressDigest, body.email))).map((event) => event.type),
    ).toEqual(['ApplicationSubmitted', 'ConsentRecorded']);
  });

  it('refuses the same key with a different body for the same email', async () => {
    const key = randomUUID();
    const email = uniqueEmail();
    expect((await submit(validApplication({ email }), { 'idempotency-key': key })).statusCode).toBe(201);
    const other = await submit(validApplication({ email, city: 'Abuja' }), { 'idempotency-key': key });
    expect(other.statusCode).toBe(409);
    expect(other.json<Problem>().detail).toBe(IDEMPOTENCY_KEY_REUSED_MESSAGE);
  });

  it('answers 409 duplicate to a new key for an email that has applied', async () => {
    const email = uniqueEmail();
    expect((await submit(validApplication({ email }), { 'idempotency-key': randomUUID() })).statusCode).toBe(201);
    const second = await submit(validApplication({ email }), { 'idempotency-key': randomUUID() });
    expect(second.statusCode).toBe(409);
    expect(second.json<Problem>().detail).toBe(DUPLICATE_APPLICATION_MESSAGE);
  });
});
