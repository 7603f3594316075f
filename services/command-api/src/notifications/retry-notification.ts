import { notificationStreamId } from '@acres/contracts/events';
import type { NotificationRetried } from '@acres/contracts/notification';
import { notificationDecider } from '@acres/domain';
import type { CommandDeps } from '../commands/deps.ts';
import { handleCommand, type CommandContext } from '../commands/handle-command.ts';

/** RetryNotification by the admin: a NotificationRetryRequested event on the message's sent-log stream. */
export const retryNotification = async (options: {
  deps: CommandDeps;
  notificationId: string;
  adminUsername: string;
  context: CommandContext;
}): Promise<NotificationRetried> => {
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
