import { MATERIALS_MESSAGES, type MaterialsRevokedAnswer, type MaterialsSentAnswer } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { materialsLinkDecider } from '@acres/domain';
import type { AdminCommandOptions } from '../commands/deps.ts';
import { handleCommand } from '../commands/handle-command.ts';
import { leadStreamId } from '../leads/streams.ts';
import { materialsLinkStreamId } from './streams.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * SendMaterials: a new personal link to the room for the lead, expiring after linkDays. The
 * notifier mints the link's token from the event and sends it through the configured channels.
 */
export const sendMaterials = async (
  options: AdminCommandOptions<{ leadId: string; linkDays: number }>,
): Promise<MaterialsSentAnswer> => {
  const { deps, context, leadId } = options;
  const lead = await deps.eventStore.readStream(leadStreamId(leadId), { maxCount: 1 });
  if (lead.length === 0) throw new DomainError('not_found', MATERIALS_MESSAGES.leadNotFound);
  const linkId = deps.newId();
  const expiresAt = new Date(context.now.getTime() + options.linkDays * DAY_MS);
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: materialsLinkDecider,
    streamId: materialsLinkStreamId(linkId),
    newStream: true,
    command: { type: 'SendMaterials', linkId, leadId, by: options.adminUsername, now: context.now, expiresAt },
    context,
    newEventId: deps.newId,
    toResult: (_events, position) => ({ linkId, expiresAt: expiresAt.toISOString(), position: position.toString() }),
  });
  return result;
};

/** RevokeMaterialsLink: the link stops working at once (410), whatever its expiry. */
export const revokeMaterialsLink = async (options: AdminCommandOptions<{ linkId: string }>): Promise<MaterialsRevokedAnswer> => {
  const { deps, context, linkId } = options;
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: materialsLinkDecider,
    streamId: materialsLinkStreamId(linkId),
    command: { type: 'RevokeMaterialsLink', by: options.adminUsername, now: context.now },
    context,
    newEventId: deps.newId,
    toResult: (_events, position) => ({ linkId, position: position.toString() }),
  });
  return result;
};
