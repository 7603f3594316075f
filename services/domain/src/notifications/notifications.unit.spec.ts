import { describe, it } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@acres/contracts/notification';
import { givenFor } from '../../test/given.ts';
import { notificationDecider, type NotificationEvent, type RetryNotification } from './decider.ts';

const given = givenFor(notificationDecider);
const now = new Date('2026-11-26T09:00:00.000Z');
const id = '42:sms:+2348012345678';
const attempt = {
  notificationId: id,
  kind: 'lead-confirmation',
  channel: 'sms',
  recipient: '+2348012345678',
  transport: 'termii',
} as const;

const failed = (n: number, parked: boolean): NotificationEvent => ({
  type: 'NotificationFailed',
  data: { ...attempt, attempt: n, error: 'Termii answered 503', parked, failedAt: now.toISOString() },
});
const sent: NotificationEvent = {
  type: 'NotificationSent',
  data: { ...attempt, attempt: 3, providerMessageId: 'm1', sentAt: now.toISOString() },
};
const retried: NotificationEvent = {
  type: 'NotificationRetryRequested',
  data: { notificationId: id, requestedBy: 'ops', requestedAt: now.toISOString() },
};
const retry: RetryNotification = { type: 'RetryNotification', notificationId: id, requestedBy: 'ops', now };

describe("the admin's retry of a message", () => {
  it('queues a message parked after its last try again, with who asked and when', () => {
    given([failed(1, false), failed(2, true)])
      .when(retry)
      .then([retried]);
  });

  it('may retry again once the retried message is parked again', () => {
    given([failed(1, true), retried, failed(2, true)])
      .when(retry)
      .then([retried]);
  });

  it('refuses a message still being retried', () => {
    given([failed(1, false)])
      .when(retry)
      .thenThrows({ code: 'conflict', message: NOTIFICATION_MESSAGES.notParked });
    given([failed(1, true), retried])
      .when(retry)
      .thenThrows({ code: 'conflict', message: NOTIFICATION_MESSAGES.notParked });
  });

  it('refuses a message already sent', () => {
    given([failed(1, false), sent])
      .when(retry)
      .thenThrows({ code: 'conflict', message: NOTIFICATION_MESSAGES.alreadySent });
  });

  it('answers not found for a message with no attempt', () => {
    given([]).when(retry).thenThrows({ code: 'not_found', message: NOTIFICATION_MESSAGES.notFound });
  });
});
