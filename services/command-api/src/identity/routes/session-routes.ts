import type { FastifyInstance } from 'fastify';
import { LogoutResponseSchema } from '@acres/contracts';
import { destroySession } from '@acres/platform/sessions';
import type { IdentityDeps } from '../deps.ts';
import { startOidcLogin } from '../oidc/login.ts';
import { toSafeReturnTo } from '../return-to.ts';

type LoginQuery = { returnTo?: string | string[] };

/** Where a signed-in investor's Login lands when it names no page of its own. */
export const SIGNED_IN_HOME = '/dashboard';

export const registerSessionRoutes = (app: FastifyInstance, deps: IdentityDeps) => {
  /**
   * The server login path of SPEC 2/7. Signed in already: straight to returnTo, where the
   * landing page (the Login link's own '/', or an unsafe value made '/') means the dashboard:
   * a signed-in user clicking Login wants their account, not the marketing page again (issue
   * 12 item 7, the same rule as the SPA's sign-in page). With an OpenID provider: off to it.
   * Otherwise: the SPA's /signin page, which carries returnTo on after a successful sign-in.
   */
  app.get<{ Querystring: LoginQuery }>('/api/login', async (request, reply) => {
    const returnTo = toSafeReturnTo(request.query.returnTo);
    reply.header('cache-control', 'no-store');
    if (request.sessionUser) return reply.redirect(returnTo === '/' ? SIGNED_IN_HOME : returnTo, 302);
    if (deps.oidc) return startOidcLogin({ deps, oidc: deps.oidc, request, reply, returnTo });
    return reply.redirect(`/signin?returnTo=${encodeURIComponent(returnTo)}`, 302);
  });

  // Investor logout is a browser navigation (SPEC 7): end the session, back to the landing page.
  app.get('/api/logout', async (request, reply) => {
    await destroySession({ pool: deps.pool, request, reply });
    reply.header('cache-control', 'no-store');
    return reply.redirect('/', 302);
  });

  // Affiliate logout is a JSON call without a body.
  app.post('/api/logout', { schema: { response: { 200: LogoutResponseSchema } } }, async (request, reply) => {
    await destroySession({ pool: deps.pool, request, reply });
    return reply.status(200).send({ ok: true as const });
  });
};
