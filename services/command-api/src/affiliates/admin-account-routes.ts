import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AffiliateStatusChangedSchema, ReactivateAffiliateSchema, SuspendAffiliateSchema } from '@acres/contracts';
import { routeAdminCommand } from '../commands/admin-command-route.ts';
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
  const routes = [
    {
      path: 'suspend',
      body: SuspendAffiliateSchema,
      commandName: 'SuspendAffiliate',
      decisionOf: (body: { reason: string }): AccountDecision => ({ kind: 'suspend', reason: body.reason }),
    },
    {
      path: 'reactivate',
      body: ReactivateAffiliateSchema,
      commandName: 'ReactivateAffiliate',
      decisionOf: (body: { notes: string }): AccountDecision => ({ kind: 'reactivate', notes: body.notes }),
    },
  ] as const;
  for (const route of routes) {
    const decisionOf = route.decisionOf as (body: unknown) => AccountDecision;
    routeAdminCommand(app, {
      method: 'POST',
      path: `/api/admin/affiliates/:userId/${route.path}`,
      params: AccountParamsSchema,
      body: route.body,
      answer: AffiliateStatusChangedSchema,
      commandName: route.commandName,
      now: deps.now,
      inputOf: ({ params, body }) => ({ affiliateUserId: params.userId, decision: decisionOf(body) }),
      run: ({ params, body, adminUsername, context }) =>
        changeAffiliateStatus({
          eventStore: deps.eventStore,
          lock: deps.lock,
          newEventId: deps.newId,
          affiliateUserId: params.userId,
          decision: decisionOf(body),
          adminUsername,
          context,
        }),
    });
  }
};
