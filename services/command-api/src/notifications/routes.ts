import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotificationIdSchema, NotificationRetriedSchema, RetryNotificationSchema } from '@acres/contracts/notification';
import { COMMAND_BODY_LIMIT } from '../commands/accepted.ts';
import type { AdminGuard, CommandDeps } from '../commands/deps.ts';
import { buildAdminCommandContext } from '../commands/request-context.ts';
import { retryNotification } from './retry-notification.ts';
import { registerAdminScope } from '../commands/admin-scope.ts';

const RetryParamsSchema = z.object({ id: NotificationIdSchema });

/** POST /api/admin/outbox/:id/retry behind the admin guard: a message parked as failed is queued again. */
export const registerNotificationCommands = async (
  app: FastifyInstance,
  options: { deps: CommandDeps; adminGuard?: AdminGuard | undefined; logger: FastifyBaseLogger },
) => {
  const { deps, adminGuard } = options;
  if (!adminGuard) {
    options.logger.warn('POST /api/admin/outbox/:id/retry is off: the command API was given no admin guard');
    return;
  }
  await registerAdminScope(app, adminGuard, (admin) => {
    admin.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/outbox/:id/retry',
      {
        bodyLimit: COMMAND_BODY_LIMIT,
        schema: { params: RetryParamsSchema, body: RetryNotificationSchema, response: { 200: NotificationRetriedSchema } },
      },
      async (request) => {
        const input = { request, now: deps.now(), commandName: 'RetryNotification', input: request.params };
        const { adminUsername, context } = buildAdminCommandContext(input);
        return retryNotification({ deps, notificationId: request.params.id, adminUsername, context });
      },
    );
  });
};
