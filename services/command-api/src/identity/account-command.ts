import type { Actor } from '@acres/contracts';
import { userDecider, type UserCommand } from '@acres/domain';
import { handleCommand, type CommandContext } from '../commands/handle-command.ts';
import type { IdentityDeps } from './deps.ts';
import { userStreamId } from './streams.ts';

/**
 * A command on the account's own stream (user-{id}), answered with its log position. Never
 * from an Idempotency-Key: the links and forms behind these are used once, and the aggregate
 * refuses or ignores a repeat itself. The actor is the context's unless one is given.
 */
export const decideOnAccount = async (
  deps: Pick<IdentityDeps, 'eventStore' | 'newId'>,
  command: UserCommand,
  options: { context: CommandContext; actor?: Actor },
): Promise<bigint> => {
  const context = { ...options.context, actor: options.actor ?? options.context.actor, idempotency: null };
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: userDecider,
    streamId: userStreamId(command.userId),
    command,
    context,
    newEventId: deps.newId,
    toResult: (_events, position) => position,
  });
  return result;
};
