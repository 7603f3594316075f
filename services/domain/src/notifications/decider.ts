// A message's sent-log stream: the notifier records each attempt's outcome, the admin may
// retry a message parked as failed. The retry is a command with an event (DESIGN 10), which
// the notifier follows to queue the message again.

import { NOTIFICATION_MESSAGES } from '@acres/contracts/notification';
import type { DomainEventOf } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';

export type RetryNotification = { type: 'RetryNotification'; notificationId: string; requestedBy: string; now: Date };
export type NotificationCommand = RetryNotification;

export type NotificationEvent =
  DomainEventOf<'NotificationSent'> | DomainEventOf<'NotificationFailed'> | DomainEventOf<'NotificationRetryRequested'>;

export type NotificationState = { status: 'unknown' | 'retrying' | 'parked' | 'sent' };

export const initialNotificationState: NotificationState = { status: 'unknown' };

export const evolveNotification = (state: NotificationState, event: NotificationEvent): NotificationState => {
  switch (event.type) {
    case 'NotificationSent':
      return { status: 'sent' };
    case 'NotificationFailed':
      // A failure after the message was sent cannot happen; a sent message stays sent.
      return state.status === 'sent' ? state : { status: event.data.parked ? 'parked' : 'retrying' };
    case 'NotificationRetryRequested':
      return state.status === 'parked' ? { status: 'retrying' } : state;
    default:
      return assertNever(event, 'notification event');
  }
};

const retryNotification = (command: NotificationCommand, state: NotificationState): NotificationEvent[] => {
  if (state.status === 'unknown') throw new DomainError('not_found', NOTIFICATION_MESSAGES.notFound);
  if (state.status === 'sent') throw new DomainError('conflict', NOTIFICATION_MESSAGES.alreadySent);
  if (state.status === 'retrying') throw new DomainError('conflict', NOTIFICATION_MESSAGES.notParked);
  return [
    {
      type: 'NotificationRetryRequested',
      data: {
        notificationId: command.notificationId,
        requestedBy: command.requestedBy,
        requestedAt: command.now.toISOString(),
      },
    },
  ];
};

export const notificationDecider = createDecider<NotificationCommand, NotificationEvent, NotificationState>(
  initialNotificationState,
  evolveNotification,
  { RetryNotification: retryNotification },
);

export const decideNotification = notificationDecider.decide;
