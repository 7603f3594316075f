import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApplicationAcceptedSchema, CreateApplicationRequestSchema } from '@acres/contracts';
import type { AdminGuard, CommandDeps } from '../commands/deps.ts';
import { registerAdminApplicationRoutes } from './admin-routes.ts';
import { submitApplication } from './submit-application.ts';
import { buildCommandContext } from '../commands/request-context.ts';
import { COMMAND_BODY_LIMIT, sendAccepted } from '../commands/accepted.ts';
import type { Pool } from '@acres/platform/db';
import { DomainError } from '@acres/contracts/errors';
import { registerSessionSupport } from '@acres/platform/sessions';
import { assertOwnPassportPhoto, PASSPORT_PHOTO_NOT_UPLOADED } from './passport-photo.ts';

/** POST /api/subscriptions: the five-step application (SubmitApplication). */
export const registerApplicationRoutes = async (
  app: FastifyInstance,
  deps: CommandDeps,
  options: { pool?: Pool | undefined; adminGuard?: AdminGuard | undefined; logger: FastifyBaseLogger },
) => {
  const { pool, adminGuard } = options;
  await app.register(async (scoped) => {
    // The session (if any) tells whose passport photo upload this is.
    if (pool) registerSessionSupport(scoped, { pool });
    registerSubmitApplication(scoped, deps, pool);
  });
  if (!adminGuard || !pool) {
    options.logger.warn('POST /api/admin/subscriptions/:id/approve and /reject are off: no admin guard or no database pool');
    return;
  }
  // The admin's decisions, in a context with no session, so an investor's cookie never counts there.
  await app.register(async (admin) => {
    admin.addHook('onRequest', adminGuard);
    admin.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    registerAdminApplicationRoutes(admin, deps);
  });
};

const registerSubmitApplication = (app: FastifyInstance, deps: CommandDeps, pool: Pool | undefined) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/subscriptions',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      schema: { body: CreateApplicationRequestSchema, response: { 201: ApplicationAcceptedSchema } },
    },
    async (request, reply) => {
      if (request.body.passportPhotoUrl) {
        // Without the uploads table there is nothing to check a photo against: refuse it.
        if (!pool)
          throw new DomainError('validation_failed', PASSPORT_PHOTO_NOT_UPLOADED, [
            { field: 'passportPhotoUrl', message: PASSPORT_PHOTO_NOT_UPLOADED },
          ]);
        await assertOwnPassportPhoto({ db: pool, request, objectPath: request.body.passportPhotoUrl });
      }
      const context = buildCommandContext({ request, now: deps.now(), commandName: 'SubmitApplication', input: request.body });
      const outcome = await submitApplication(deps, request.body, context);
      return sendAccepted(reply, outcome);
    },
  );
};
