import type { FastifyInstance } from 'fastify';
import { ApplicationDecidedSchema, ApproveApplicationRequestSchema, RejectApplicationRequestSchema } from '@acres/contracts';
import type { CommandDeps } from '../commands/deps.ts';
import { idParamsSchema, routeAdminCommand } from '../commands/admin-command-route.ts';
import { decideApplication, type ApplicationDecisionInput } from './decide-application.ts';

export const APPLICATION_ID_MESSAGE = 'Application id must be a uuid';

const ApplicationParamsSchema = idParamsSchema(APPLICATION_ID_MESSAGE);

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
    routeAdminCommand(app, {
      method: 'POST',
      path: `/api/admin/subscriptions/:id/${route.path}`,
      params: ApplicationParamsSchema,
      body: route.body,
      answer: ApplicationDecidedSchema,
      commandName: route.name,
      now: deps.now,
      run: ({ params, body, adminUsername, context }) =>
        decideApplication({
          deps,
          applicationId: params.id,
          input: { status: route.status, decision: body } as ApplicationDecisionInput,
          adminUsername,
          context,
        }),
    });
  }
};
