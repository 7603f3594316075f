import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ProjectionNameSchema,
  ProjectionOperationSchema,
  SkipPoisonEventFormSchema,
  type ProjectionOperationKind,
} from '@acres/contracts/projection-operations';
import type { Pool } from '@acres/platform/db';
import { COMMAND_BODY_LIMIT } from '../commands/accepted.ts';
import type { CommandDeps } from '../commands/deps.ts';
import { buildAdminCommandContext } from '../commands/request-context.ts';
import { requestProjectionOperation } from './request-operation.ts';

const ParamsSchema = z.object({ name: ProjectionNameSchema });
/** Rebuild and resume take no fields; the body is an empty JSON object like every command's. */
const EmptyBodySchema = z.object({});

const COMMAND_NAMES: Record<ProjectionOperationKind, string> = {
  rebuild: 'RebuildProjection',
  resume: 'ResumeProjection',
  skip: 'SkipPoisonEvent',
};

/**
 * POST /api/admin/projections/:name/{rebuild,resume,skip}, in a context behind the admin
 * guard: the projections CLI's rebuild, resume and skip from the Operations tab.
 */
export const registerAdminOperationsRoutes = (app: FastifyInstance, options: { deps: CommandDeps; pool: Pool }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const run = (
    request: FastifyRequest,
    kind: ProjectionOperationKind,
    name: string,
    input: { position?: string; reason?: string },
  ) => {
    const { adminUsername, context } = buildAdminCommandContext({
      request,
      now: options.deps.now(),
      commandName: COMMAND_NAMES[kind],
      input: { name, ...input },
      keepIdempotencyKey: true,
    });
    return requestProjectionOperation({
      deps: options.deps,
      pool: options.pool,
      kind,
      projection: name,
      ...input,
      adminUsername,
      context,
    });
  };
  typed.post(
    '/api/admin/projections/:name/rebuild',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      schema: { params: ParamsSchema, body: EmptyBodySchema, response: { 202: ProjectionOperationSchema } },
    },
    async (request, reply) => reply.status(202).send(await run(request, 'rebuild', request.params.name, {})),
  );
  typed.post(
    '/api/admin/projections/:name/resume',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      schema: { params: ParamsSchema, body: EmptyBodySchema, response: { 200: ProjectionOperationSchema } },
    },
    async (request) => run(request, 'resume', request.params.name, {}),
  );
  typed.post(
    '/api/admin/projections/:name/skip',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      schema: { params: ParamsSchema, body: SkipPoisonEventFormSchema, response: { 200: ProjectionOperationSchema } },
    },
    async (request) => run(request, 'skip', request.params.name, request.body),
  );
};
