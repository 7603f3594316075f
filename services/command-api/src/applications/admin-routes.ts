import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApplicationDecidedSchema, ApproveApplicationRequestSchema, RejectApplicationRequestSchema } from '@acres/contracts';
import { parseBasicAuth } from '@acres/platform/admin-auth';
import { COMMAND_BODY_LIMIT } from '../commands/accepted.ts';
import type { CommandDeps } from '../commands/deps.ts';
import { buildCommandContext } from '../commands/request-context.ts';
import { decideApplication, type ApplicationDecisionInput } from './decide-application.ts';

export const APPLICATION_ID_MESSAGE = 'Application id must be a uuid';

const ApplicationParamsSchema = z.object({
  id: z.guid({ error: APPLICATION_ID_MESSAGE }).transform((id) => id.toLowerCase()),
});

/**
 * POST /api/admin/subscriptions/:id/approve and /reject, in a context behind the admin
 * guard: two routes because the two decisions require different fields.
 */
export const registerAdminApplicationRoutes = (app: FastifyInstance, deps: CommandDeps) => {
  const routes = [
    { path: 'approve', status: 'approved', body: ApproveApplicationRequestSchema, name: 'ApproveApplication' },
    { path: 'reject', status: 'rejected', body: RejectApplicationRequestSchema, name: 'RejectApplication' },
  ] as const;
  for (const route of routes) {
    app.withTypeProvider<ZodTypeProvider>().post(
      `/api/admin/subscriptions/:id/${route.path}`,
      {
        bodyLimit: COMMAND_BODY_LIMIT,
        schema: { params: ApplicationParamsSchema, body: route.body, response: { 200: ApplicationDecidedSchema } },
      },
      async (request) => {
        // The guard has checked the credentials; the username is who decided.
        const adminUsername = parseBasicAuth(request.headers.authorization)?.username ?? 'admin';
        const base = buildCommandContext({ request, now: deps.now(), commandName: route.name, input: request.body });
        const context = { ...base, actor: { kind: 'admin' as const, id: adminUsername }, idempotency: null };
        return decideApplication({
          deps,
          applicationId: request.params.id,
          input: { status: route.status, decision: request.body } as ApplicationDecisionInput,
          adminUsername,
          context,
        });
      },
    );
  }
};
