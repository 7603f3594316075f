import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApplicationAcceptedSchema, CreateApplicationRequestSchema } from '@acres/contracts';
import type { CommandDeps } from '../commands/deps.ts';
import { submitApplication } from '../commands/submit-application.ts';
import { buildCommandContext } from '../request-context.ts';
import { COMMAND_BODY_LIMIT, sendAccepted } from './accepted.ts';

export const registerSubscriptionRoutes = (app: FastifyInstance, deps: CommandDeps) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/subscriptions',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      schema: { body: CreateApplicationRequestSchema, response: { 201: ApplicationAcceptedSchema } },
    },
    async (request, reply) => {
      const context = buildCommandContext({ request, now: deps.now(), commandName: 'SubmitApplication', input: request.body });
      const outcome = await submitApplication(deps, request.body, context);
      return sendAccepted(reply, outcome);
    },
  );
};
