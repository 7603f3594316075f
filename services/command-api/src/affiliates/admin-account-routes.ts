import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AffiliateStatusChangedSchema, ReactivateAffiliateSchema, SuspendAffiliateSchema } from '@acres/contracts';
import { COMMAND_BODY_LIMIT } from '../commands/accepted.ts';
import { buildAdminCommandContext } from '../commands/request-context.ts';
import { changeAffiliateStatus, type AccountDecision } from './account-status.ts';
import type { AffiliateDeps } from './deps.ts';

export const AFFILIATE_USER_ID_MESSAGE = "Affiliate user id must be a uuid (the affiliate's userId)";

// The affiliate's stream is named by its user, so the admin names the account by userId
// (the admin's lists carry it): the command side decides from streams, never read models.
const AccountParamsSchema = z.object({
  userId: z.guid({ error: AFFILIATE_USER_ID_MESSAGE }).transform((id) => id.toLowerCase()),
});

/** POST /api/admin/affiliates/:userId/suspend and /reactivate, behind the admin guard. */
export const registerAdminAccountRoutes = (app: FastifyInstance, deps: AffiliateDeps) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const decide = (request: FastifyRequest, affiliateUserId: string, decision: AccountDecision) => {
    const commandName = decision.kind === 'suspend' ? 'SuspendAffiliate' : 'ReactivateAffiliate';
    const input = { affiliateUserId, decision };
    const { adminUsername, context } = buildAdminCommandContext({ request, now: deps.now(), commandName, input });
    return changeAffiliateStatus({
      eventStore: deps.eventStore,
      lock: deps.lock,
      newEventId: deps.newId,
      affiliateUserId,
      decision,
      adminUsername,
      context,
    });
  };
  typed.post(
    '/api/admin/affiliates/:userId/suspend',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      schema: { params: AccountParamsSchema, body: SuspendAffiliateSchema, response: { 200: AffiliateStatusChangedSchema } },
    },
    async (request) => decide(request, request.params.userId, { kind: 'suspend', reason: request.body.reason }),
  );
  typed.post(
    '/api/admin/affiliates/:userId/reactivate',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      schema: { params: AccountParamsSchema, body: ReactivateAffiliateSchema, response: { 200: AffiliateStatusChangedSchema } },
    },
    async (request) => decide(request, request.params.userId, { kind: 'reactivate', notes: request.body.notes }),
  );
};
