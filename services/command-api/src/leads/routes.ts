import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CommandAcceptedSchema, CreateLeadRequestSchema, type CommandAccepted, type CreateLeadRequest } from '@acres/contracts';
import { leadDecider } from '@acres/domain';
import { readReferralAndTerms } from '../affiliates/attribution.ts';
import { COMMAND_BODY_LIMIT, sendAccepted } from '../commands/accepted.ts';
import type { CommandDeps } from '../commands/deps.ts';
import { handleCommand, type CommandContext, type CommandOutcome } from '../commands/handle-command.ts';
import { idForIdempotencyKey } from '../commands/ids.ts';
import { buildCommandContext } from '../commands/request-context.ts';
import { leadStreamId } from './streams.ts';

/**
 * ReserveSlot: a new lead-{id} stream; with an Idempotency-Key the id comes from the key.
 * The parsed body is the lead's details: phoneE164 from the client is ignored, the decider
 * derives it from phone. The referral code is kept only when an affiliate claimed it
 * (upper-cased), else null.
 */
const reserveSlot = async (
  deps: CommandDeps,
  input: CreateLeadRequest,
  context: CommandContext,
): Promise<CommandOutcome<CommandAccepted>> => {
  const leadId = context.idempotency ? idForIdempotencyKey('ReserveSlot', context.idempotency.key) : deps.newId();
  const { referralCode, terms } = await readReferralAndTerms(deps.eventStore, input.referralCode);
  return handleCommand({
    eventStore: deps.eventStore,
    decider: leadDecider,
    streamId: leadStreamId(leadId),
    // The id was minted just now, from the key or at random: the stream cannot exist yet but for a retry.
    newStream: true,
    command: { type: 'ReserveSlot', leadId, now: context.now, lead: { ...input, referralCode }, terms },
    context,
    newEventId: deps.newId,
    toResult: (_events, position) => ({ id: leadId, position: position.toString() }),
  });
};

export const registerLeadRoutes = (app: FastifyInstance, deps: CommandDeps) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/leads',
      { bodyLimit: COMMAND_BODY_LIMIT, schema: { body: CreateLeadRequestSchema, response: { 201: CommandAcceptedSchema } } },
      async (request, reply) => {
        const context = buildCommandContext({ request, now: deps.now(), commandName: 'ReserveSlot', input: request.body });
        const outcome = await reserveSlot(deps, request.body, context);
        return sendAccepted(reply, outcome);
      },
    );
};
