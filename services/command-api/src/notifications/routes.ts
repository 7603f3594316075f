import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NotificationIdSchema, NotificationRetriedSchema, RetryNotificationSchema } from '@acres/contracts/notification';
import type { AdminGuard, CommandDeps } from '../commands/deps.ts';
import { routeAdminCommand } from '../commands/admin-command-route.ts';
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
    routeAdminCommand(admin, {
      method: 'POST',
      path: '/api/admin/outbox/:id/retry',
      params: RetryParamsSchema,
      body: RetryNotificationSchema,
      answer: NotificationRetriedSchema,
      commandName: 'RetryNotification',
      now: deps.now,
      inputOf: ({ params }) => params,
      run: ({ params, adminUsername, context }) => retryNotification({ deps, notificationId: params.id, adminUsername, context }),
    });
  });
};
