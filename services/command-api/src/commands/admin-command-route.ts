import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { COMMAND_BODY_LIMIT } from './accepted.ts';
import type { CommandContext } from './handle-command.ts';
import { buildAdminCommandContext } from './request-context.ts';

/**
 * `:id` of an admin path. z.guid(), not z.uuid(): any 8-4-4-4-12 hex id passes on to the
 * lookup and answers 404 when unknown; only a malformed one is a 400.
 */
export const idParamsSchema = (message: string) =>
  z.object({ id: z.guid({ error: message }).transform((id) => id.toLowerCase()) });

type AdminRequest<Params, Body> = { params: Params; body: Body };

/**
 * An admin's command route, in a context behind the admin guard: the guard has checked the
 * credentials and the username is who decided. `inputOf` is what an Idempotency-Key's request
 * hash covers (the body unless given).
 */
export const routeAdminCommand = <Params extends z.ZodType, Body extends z.ZodType, Answer extends z.ZodType>(
  app: FastifyInstance,
  route: {
    method: 'POST' | 'PUT';
    path: string;
    params?: Params;
    body: Body;
    answer: Answer;
    /** 201 when the command creates something; 200 otherwise. */
    status?: 200 | 201;
    bodyLimit?: number;
    commandName: string;
    now: () => Date;
    inputOf?: (request: AdminRequest<z.output<Params>, z.output<Body>>) => unknown;
    keepIdempotencyKey?: boolean;
    run: (
      request: AdminRequest<z.output<Params>, z.output<Body>> & {
        adminUsername: string;
        context: CommandContext;
        request: FastifyRequest;
      },
    ) => Promise<z.output<Answer>>;
  },
) => {
  const status = route.status ?? 200;
  const schema: FastifySchema = {
    ...(route.params ? { params: route.params } : {}),
    body: route.body,
    response: { [status]: route.answer },
  };
  app.route({
    method: route.method,
    url: route.path,
    bodyLimit: route.bodyLimit ?? COMMAND_BODY_LIMIT,
    schema,
    handler: async (request, reply) => {
      const given = { params: request.params as z.output<Params>, body: request.body as z.output<Body> };
      const { adminUsername, context } = buildAdminCommandContext({
        request,
        now: route.now(),
        commandName: route.commandName,
        input: route.inputOf ? route.inputOf(given) : given.body,
        keepIdempotencyKey: route.keepIdempotencyKey,
      });
      const answer = await route.run({ ...given, adminUsername, context, request });
      reply.code(status);
      return answer;
    },
  });
};
