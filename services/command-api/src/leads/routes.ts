import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CommandAcceptedSchema, CreateLeadRequestSchema } from '@acres/contracts';
import type { CommandDeps } from '../commands/deps.ts';
import { reserveSlot } from './reserve-slot.ts';
import { buildCommandContext } from '../commands/request-context.ts';
import { COMMAND_BODY_LIMIT, sendAccepted } from '../commands/accepted.ts';

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
