import type { ApplicationDecided, ApproveApplicationRequest, RejectApplicationRequest } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { APPLICATION_NOT_FOUND_MESSAGE, applicationDecider, type ApplicationCommand } from '@acres/domain';
import type { CommandDeps } from '../commands/deps.ts';
import { handleCommand, type CommandContext } from '../commands/handle-command.ts';
import { findApplicationStream } from './locate-application.ts';

export type ApplicationDecisionInput =
  { status: 'approved'; decision: ApproveApplicationRequest } | { status: 'rejected'; decision: RejectApplicationRequest };

/**
 * ApproveApplication / RejectApplication in the application's own stream: the decider
 * refuses a second decision (409), and two admins deciding at once meet on the stream's
 * revision, so exactly one decision is stored.
 */
export const decideApplication = async (options: {
  deps: CommandDeps;
  applicationId: string;
  input: ApplicationDecisionInput;
  adminUsername: string;
  context: CommandContext;
}): Promise<ApplicationDecided> => {
  const { deps, input, applicationId } = options;
  const streamId = await findApplicationStream(deps.eventStore, applicationId);
  if (!streamId) throw new DomainError('not_found', APPLICATION_NOT_FOUND_MESSAGE);
  const common = { applicationId, decidedBy: options.adminUsername, now: options.context.now };
  const command: ApplicationCommand =
    input.status === 'approved'
      ? { type: 'ApproveApplication', ...common, decision: input.decision }
      : { type: 'RejectApplication', ...common, decision: input.decision };
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: applicationDecider,
    streamId,
    command,
    context: options.context,
    newEventId: deps.newId,
    toResult: (_events, position) => ({ id: applicationId, status: input.status, position: position.toString() }),
  });
  return result;
};
