import type { DomainEvent } from '@acres/contracts';
import type { Decider } from '@acres/domain';
import type { CommandDeps } from '../commands/deps.ts';
import { handleCommand, type CommandContext } from '../commands/handle-command.ts';

/**
 * A consent or suppression command on its stream. Both answer alike: how many events it
 * recorded (none when the choice already holds) and the last one's position.
 */
export const recordConsentCommand = async <Command, Event extends DomainEvent, State>(
  deps: CommandDeps,
  context: CommandContext,
  target: { decider: Decider<Command, Event, State>; streamId: string; command: Command },
) => {
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    ...target,
    context,
    newEventId: deps.newId,
    toResult: (events, position) => ({ recorded: events.length, position: position.toString() }),
  });
  return result;
};
