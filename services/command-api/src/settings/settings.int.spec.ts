import { describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import type { FastifyInstance } from 'fastify';
import { SETTINGS_MESSAGES, toBusinessSettingsForm, EMPTY_BUSINESS_SETTINGS } from '@acres/contracts';
import type { Problem } from '../../test/command-api-harness.ts';
import { ADMIN, basicAuth, startPaymentsApi, type PaymentsHarness } from '../../test/payments-harness.ts';
import { SETTINGS_STREAM_ID } from './streams.ts';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const EMPTY_FORM = toBusinessSettingsForm(EMPTY_BUSINESS_SETTINGS);
const ESCROW = { escrowBankName: 'Access Bank', escrowAccountName: 'Acres Escrow Trust', escrowAccountNumber: '0690000031' };

const putSettings = (
  app: FastifyInstance,
  body: unknown,
  headers: Record<string, string> = { authorization: basicAuth(ADMIN) },
) =>
  app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });

const submitProof = async (h: PaymentsHarness) => {
  const investor = await h.signUp();
  const proofImagePath = await h.uploadProof({ kind: 'user', id: investor.user.id });
  return h.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { 'content-type': 'application/json', cookie: investor.cookie },
    payload: JSON.stringify({ acres: 1, amount: 3_500_000, proofImagePath }),
  });
};

describe('business settings without an escrow account', () => {
  const h = useHarness(() =>
    startPaymentsApi({
      adminUrl: inject('pgAdminUrl'),
      now: () => NOW,
      initialSettings: { contactEmail: 'team@example.test', officeHours: 'Mon–Fri 9:00–17:00 WAT' },
    }),
  );

  it('seeds the configured values as the first event, once, by the configuration', async () => {
    await h.buildApp();
    const events = await h.eventStore.readStream(SETTINGS_STREAM_ID);
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('BusinessSettingsChanged');
    expect(events[0]!.metadata.actor).toEqual({ kind: 'system', id: 'configuration' });
    expect(events[0]!.data).toEqual({
      source: 'configuration',
      changedBy: null,
      changes: [
        { field: 'contactEmail', from: null, to: 'team@example.test' },
        { field: 'officeHours', from: null, to: 'Mon–Fri 9:00–17:00 WAT' },
      ],
      changedAt: NOW.toISOString(),
    });
  });

  it('refuses a payment proof with 409 and a clear message', async () => {
    const response = await submitProof(h);
    expect(response.statusCode).toBe(409);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json<Problem>().detail).toBe(SETTINGS_MESSAGES.escrowNotSet);
  });

  it('asks for admin credentials', async () => {
    const response = await putSettings(h.app, EMPTY_FORM, {});
    expect(response.statusCode).toBe(401);
  });

  it('refuses bad fields with 400 naming each field and its reason', async () => {
    const response = await putSettings(h.app, { ...EMPTY_FORM, escrowAccountNumber: '12345', contactPhone: '555-0142' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const errors = response.json<Problem>().errors ?? [];
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'escrowAccountNumber', message: SETTINGS_MESSAGES.escrowAccountNumber },
        { field: 'contactPhone', message: SETTINGS_MESSAGES.contactPhone },
        { field: 'escrowBankName', message: SETTINGS_MESSAGES.escrowIncomplete },
      ]),
    );
  });

  it('records the admin setting the escrow account, old → new, then takes proofs', async () => {
    const form = { ...EMPTY_FORM, ...ESCROW, contactEmail: 'team@example.test', officeHours: 'Mon–Fri 9:00–17:00 WAT' };
    const response = await putSettings(h.app, form);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      changes: [
        { field: 'escrowBankName', from: null, to: 'Access Bank' },
        { field: 'escrowAccountName', from: null, to: 'Acres Escrow Trust' },
        { field: 'escrowAccountNumber', from: null, to: '0690000031' },
      ],
      position: expect.stringMatching(/^\d+$/),
    });
    const events = await h.eventStore.readStream(SETTINGS_STREAM_ID);
    expect(events.at(-1)!.metadata.actor).toEqual({ kind: 'admin', id: ADMIN.username });
    expect(events.at(-1)!.data).toMatchObject({ source: 'admin', changedBy: ADMIN.username });

    expect((await submitProof(h)).statusCode).toBe(201);
  });

  it('refuses a save that changes nothing with 422', async () => {
    const form = { ...EMPTY_FORM, ...ESCROW, contactEmail: 'team@example.test', officeHours: 'Mon–Fri 9:00–17:00 WAT' };
    const response = await putSettings(h.app, form);
    expect(response.statusCode).toBe(422);
    expect(response.json<Problem>().detail).toBe(SETTINGS_MESSAGES.nothingChanged);
  });

  it('never lets the configuration override the admin on a restart', async () => {
    const before = await h.eventStore.readStream(SETTINGS_STREAM_ID);
    await h.buildApp();
    expect(await h.eventStore.readStream(SETTINGS_STREAM_ID)).toHaveLength(before.length);
  });
});
