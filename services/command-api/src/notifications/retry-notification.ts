import { notificationStreamId } from '@acres/contracts/events';
import type { NotificationRetried } from '@acres/contracts/notification';
import { notificationDecider } from '@acres/domain';
import type { AdminCommandOptions } from '../commands/deps.ts';
import { handleCommand } from '../commands/handle-command.ts';

/** RetryNotification by the admin: a NotificationRetryRequested event on the message's sent-log stream. */
export const retryNotification = async (
  options: AdminCommandOptions<{ notificationId: string }>,
): Promise<NotificationRetried> => {
  const { deps, context, notificationId } = options;
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: notificationDecider,
    streamId: notificationStreamId(notificationId),
    command: { type: 'RetryNotification', notificationId, requestedBy: options.adminUsername, now: context.now },
    context,
    newEventId: deps.newId,
    toResult: (_events, position) => ({ notificationId, position: position.toString() }),
  });
  return result;
};
