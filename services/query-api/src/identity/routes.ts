import { AuthUserSchema } from '@acres/contracts';
import { requireUser } from '@acres/platform/sessions';
import { USERS } from '@acres/read-models/identity';
import { readUser } from '@acres/read-models/users-queries';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

/**
 * GET /api/auth/user: who is signed in (SPEC 3 user), 401 when nobody is. Right after
 * sign-up the read model may still lag: x-min-position waits for it, and if it is still
 * missing the answer is built from the session, so a new user never sees a 401.
 */
export const registerAuthUserRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/auth/user',
    {
      schema: { response: { 200: AuthUserSchema } },
      preHandler: [requireUser, deps.freshRead([USERS.name])],
    },
    async (request) => {
      const session = request.sessionUser!;
      const user = await readUser(deps.pool, session.id);
      if (user) return user;
      request.log.info({ userId: session.id }, 'user not in the read model yet; answering from the session');
      const now = deps.now().toISOString();
      return {
        id: session.id,
        email: session.email,
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        createdAt: now,
        updatedAt: now,
        emailVerified: false,
      };
    },
  );
};
