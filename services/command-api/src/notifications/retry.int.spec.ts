import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_MESSAGES, notificationStreamId } from '@acres/contracts';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { randomUUID } from 'node:crypto';
import { ADMIN, basicAuth, startPaymentsApi, type PaymentsHarness } from '../../test/payments-harness.ts';

const NOW = new Date('2026-11-26T10:00:00.000Z');
const failed = SAMPLE_EVENT_DATA.NotificationFailed;

const retry = (app: FastifyInstance, id: string, authorization: string | null = basicAuth(ADMIN)) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/outbox/${encodeURIComponent(id)}/retry`,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    payload: '{}',
  });

describe("the admin's retry of a message", () => {
  let h: PaymentsHarness;
  let app: FastifyInstance;

  const recordFailure = (id: string, parked: boolean, attempt: number) =>
    h.eventStore.appendToStream(
      notificationStreamId(id),
      [
        {
          id: randomUUID(),
          type: 'NotificationFailed',
          data: { ...failed, notificationId: id, attempt, parked },
          metadata: {
            correlationId: randomUUID(),
            actor: { kind: 'system', id: 'notifier' },
            schemaVersion: 1,
            occurredAt: NOW.toISOString(),
          },
        },
      ],
      { expectedRevision: 'any' },
    );

  beforeAll(async () => {
    h = await startPaymentsApi({ adminUrl: inject('pgAdminUrl'), now: () => NOW });
    app = await h.buildApp();
  });
  afterAll(async () => h?.close());

  it('records who asked and when, on the message stream, for a message parked as failed', async () => {
    const id = '101:sms:+2348012345678';
    await recordFailure(id, true, 1);
    const response = await retry(app, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ notificationId: id, position: expect.stringMatching(/^\d+$/) });
    const events = await h.eventStore.readStream(notificationStreamId(id));
    expect(events.at(-1)).toMatchObject({
      type: 'NotificationRetryRequested',
      data: { notificationId: id, requestedBy: ADMIN.username, requestedAt: NOW.toISOString() },
      metadata: { actor: { kind: 'admin', id: ADMIN.username } },
    });
  });

  it('refuses a message still being retried (409), an unknown one (404), a malformed id (400) and a stranger (401)', async () => {
    const id = '102:email:ada@example.com';
    await recordFailure(id, false, 1);
    const retrying = await retry(app, id);
    expect([retrying.statusCode, retrying.json().detail]).toEqual([409, NOTIFICATION_MESSAGES.notParked]);
    const unknown = await retry(app, '103:email:nobody@example.com');
    expect([unknown.statusCode, unknown.json().detail]).toEqual([404, NOTIFICATION_MESSAGES.notFound]);
    expect((await retry(app, 'not-a-message-id')).statusCode).toBe(400);
    expect((await retry(app, id, null)).statusCode).toBe(401);
  });
});
