import type { FastifyInstance } from 'fastify';
import type { AdminGuard } from './deps.ts';

/**
 * Puts a context behind the admin guard: onRequest, so without credentials the answer is 401
 * before the body or the id is looked at, and no answer of it is cached.
 */
export const guardAdminScope = (scope: FastifyInstance, adminGuard: AdminGuard) => {
  scope.addHook('onRequest', adminGuard);
  scope.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
};

/** Admin routes in a context of their own, with no session at all, so an investor's cookie never counts there. */
export const registerAdminScope = async (
  app: FastifyInstance,
  adminGuard: AdminGuard,
  registerRoutes: (admin: FastifyInstance) => void,
) => {
  await app.register(async (admin) => {
    guardAdminScope(admin, adminGuard);
    registerRoutes(admin);
  });
};
