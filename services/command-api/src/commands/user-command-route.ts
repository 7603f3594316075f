import type { FastifyInstance, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { requireUser, type SessionUser } from '@acres/platform/sessions';
import { COMMAND_BODY_LIMIT, sendAccepted } from './accepted.ts';
import type { CommandContext, CommandOutcome } from './handle-command.ts';
import { buildCommandContext } from './request-context.ts';

/**
 * POST of a signed-in user's command, answered 201, in a context with session support. The
 * user is the command's actor; `inputOf` is what an Idempotency-Key's request hash covers.
 */
export const postUserCommand = <Body extends z.ZodType, Accepted extends z.ZodType>(
  app: FastifyInstance,
  route: {
    path: string;
    body: Body;
    accepted: Accepted;
    commandName: string;
    now: () => Date;
    inputOf: (userId: string, body: z.output<Body>) => unknown;
    run: (user: SessionUser, body: z.output<Body>, context: CommandContext) => Promise<CommandOutcome<z.output<Accepted>>>;
  },
) => {
  // The schemas validate and serialize as on every route; the body's type is the schema's output.
  const schema: FastifySchema = { body: route.body, response: { 201: route.accepted } };
  app.post(
    route.path,
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      // onRequest, not preHandler: a stranger gets 401 before the body is even read.
      onRequest: requireUser,
      schema,
    },
    async (request, reply) => {
      const user = request.sessionUser!;
      const body = request.body as z.output<Body>;
      const input = route.inputOf(user.id, body);
      const context = buildCommandContext({ request, now: route.now(), commandName: route.commandName, input });
      return sendAccepted(reply, await route.run(user, body, context));
    },
  );
};
