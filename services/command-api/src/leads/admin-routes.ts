import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  AssignLeadOwnerRequestSchema,
  CommandAcceptedSchema,
  LogLeadActivityRequestSchema,
  MoveLeadStageRequestSchema,
  type CommandAccepted,
} from '@acres/contracts';
import { leadDecider, type LeadCommand } from '@acres/domain';
import type { AdminGuard, CommandDeps } from '../commands/deps.ts';
import { idParamsSchema, routeAdminCommand } from '../commands/admin-command-route.ts';
import { registerAdminScope } from '../commands/admin-scope.ts';
import { handleCommand, type CommandContext } from '../commands/handle-command.ts';
import { idForIdempotencyKey } from '../commands/ids.ts';
import { leadStreamId } from './streams.ts';

export const LEAD_ID_MESSAGE = 'Lead id must be a uuid';

const LeadParamsSchema = idParamsSchema(LEAD_ID_MESSAGE);

/** One pipeline command in the lead's own stream: the decider refuses an unknown lead (404) or a move the rules forbid (409). */
const decideOnLead = async (deps: CommandDeps, command: LeadCommand & { leadId: string }, context: CommandContext) => {
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: leadDecider,
    streamId: leadStreamId(command.leadId),
    command,
    context,
    newEventId: deps.newId,
    toResult: (_events, position): CommandAccepted => ({ id: command.leadId, position: position.toString() }),
  });
  return result;
};

/**
 * The sales desk's commands on a lead, behind the admin guard; each event names the staff
 * member (the admin's username until staff accounts name them by id):
 * POST /api/admin/leads/:id/owner {ownerId}, /stage {stage, reason}, /activities {kind, text}.
 */
export const registerAdminLeadRoutes = async (
  app: FastifyInstance,
  options: { deps: CommandDeps; adminGuard?: AdminGuard | undefined; logger: FastifyBaseLogger },
) => {
  const { deps, adminGuard } = options;
  if (!adminGuard) {
    options.logger.warn(
      'POST /api/admin/leads/:id/owner, /stage and /activities are off: the command API was given no admin guard',
    );
    return;
  }
  await registerAdminScope(app, adminGuard, (admin) => {
    const common = { method: 'POST', params: LeadParamsSchema, answer: CommandAcceptedSchema, now: deps.now } as const;
    routeAdminCommand(admin, {
      ...common,
      path: '/api/admin/leads/:id/owner',
      body: AssignLeadOwnerRequestSchema,
      commandName: 'AssignLeadOwner',
      run: ({ params, body, adminUsername, context }) =>
        decideOnLead(
          deps,
          { type: 'AssignLeadOwner', leadId: params.id, ownerId: body.ownerId, by: adminUsername, now: context.now },
          context,
        ),
    });
    routeAdminCommand(admin, {
      ...common,
      path: '/api/admin/leads/:id/stage',
      body: MoveLeadStageRequestSchema,
      commandName: 'MoveLeadStage',
      run: ({ params, body, adminUsername, context }) =>
        decideOnLead(
          deps,
          {
            type: 'MoveLeadStage',
            leadId: params.id,
            stage: body.stage,
            reason: body.reason,
            by: adminUsername,
            now: context.now,
          },
          context,
        ),
    });
    routeAdminCommand(admin, {
      ...common,
      path: '/api/admin/leads/:id/activities',
      body: LogLeadActivityRequestSchema,
      status: 201,
      commandName: 'LogLeadActivity',
      // The one pipeline command that is not "set to": a retried request with its key logs once.
      keepIdempotencyKey: true,
      run: ({ params, body, adminUsername, context }) =>
        decideOnLead(
          deps,
          {
            type: 'LogLeadActivity',
            leadId: params.id,
            activityId: context.idempotency ? idForIdempotencyKey('LogLeadActivity', context.idempotency.key) : deps.newId(),
            kind: body.kind,
            text: body.text,
            by: adminUsername,
            now: context.now,
          },
          context,
        ),
    });
  });
};
