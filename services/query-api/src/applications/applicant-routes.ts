import {
  APPLICATION_STATUS_MESSAGES,
  ApplicationStatusQuerySchema,
  ApplicationStatusSchema,
  MyApplicationsResponseSchema,
} from '@acres/contracts/application-decision';
import { DomainError } from '@acres/contracts/errors';
import { rateLimitPlugin } from '@acres/platform/plugins/rate-limit';
import { requireUser } from '@acres/platform/sessions';
import { clientAddressOf } from '@acres/platform/throttle/failure-throttle';
import { USERS } from '@acres/read-models/identity';
import { PROJECTIONS } from '../shared/fresh-read.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { findApplicationStatus, listApplicationsOfAccount } from '@acres/read-models/subscriptions-queries';

export type StatusLookupLimit = { max: number; windowMs: number };

/** Enough for an applicant who mistypes a few times; far too few to guess numbers. */
export const DEFAULT_STATUS_LOOKUP_LIMIT: StatusLookupLimit = { max: 20, windowMs: 15 * 60_000 };

/**
 * GET /api/subscriptions/status?applicationNumber=&email=: the public status page's lookup.
 * A wrong number and a wrong email get the same 404, and lookups per address are limited,
 * so it reveals nothing about which applications exist. (A GET: the proxy routes every
 * POST to the command API, and this is a read.)
 */
export const registerApplicationStatusRoutes = async (
  app: QueryApp,
  deps: RouteDeps & { limit?: StatusLookupLimit | undefined },
) => {
  await app.register(rateLimitPlugin, { pool: deps.pool });
  const limit = deps.limit ?? DEFAULT_STATUS_LOOKUP_LIMIT;
  const rateLimit = app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `application-status:${clientAddressOf(request)}`,
    errorResponseBuilder: (_request, context) =>
      new DomainError(
        'rate_limited',
        `Too many status lookups. Try again in ${Math.max(1, Math.ceil(context.ttl / 60_000))} minutes.`,
      ),
  });
  app.get(
    '/api/subscriptions/status',
    {
      onRequest: rateLimit,
      schema: { querystring: ApplicationStatusQuerySchema, response: { 200: ApplicationStatusSchema } },
      preHandler: deps.freshRead([PROJECTIONS.subscriptions]),
      onSend: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      },
    },
    async (request) => {
      const status = await findApplicationStatus(deps.pool, request.query);
      if (!status) throw new DomainError('not_found', APPLICATION_STATUS_MESSAGES.notFound);
      return status;
    },
  );
};

/**
 * GET /api/subscriptions/mine: the signed-in user's applications, those they submitted and those
 * made with an email they have verified. Inside a session context. Waits for the users read
 * model too: a link just opened makes the applications under that email appear.
 */
export const registerMyApplicationsRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/subscriptions/mine',
    {
      schema: { response: { 200: MyApplicationsResponseSchema } },
      preHandler: [requireUser, deps.freshRead([PROJECTIONS.subscriptions, USERS.name])],
    },
    async (request) => listApplicationsOfAccount(deps.pool, request.sessionUser!.id),
  );
};
