import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AffiliateRegisterRequestSchema,
  AffiliateRegisterResponseSchema,
  CommandAcceptedSchema,
  SaleReportSchema,
  SaleStatusUpdatedSchema,
  SaleStatusUpdateSchema,
} from '@acres/contracts';
import { requireUser } from '@acres/platform/sessions';
import { buildAdminCommandContext, buildCommandContext } from '../commands/request-context.ts';
import { COMMAND_BODY_LIMIT, sendAccepted } from '../commands/accepted.ts';
import type { AffiliateDeps } from './deps.ts';
import { registerAffiliate } from './register-affiliate.ts';
import { reportSale } from './report-sale.ts';
import type { FindSaleOwner } from './sale-owner.ts';
import { updateSaleStatus } from './update-sale-status.ts';

export const SALE_ID_MESSAGE = 'Sale id must be a uuid';

const SaleParamsSchema = z.object({
  // z.guid(), not z.uuid(): any 8-4-4-4-12 hex id passes on to the lookup and answers 404
  // when unknown, as before; only a malformed one is a 400.
  id: z.guid({ error: SALE_ID_MESSAGE }).transform((id) => id.toLowerCase()),
});

/** POST /api/affiliate/register and /report-sale, in a context with session support. */
export const registerAffiliateRoutes = (app: FastifyInstance, deps: AffiliateDeps) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/affiliate/register',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      // onRequest, not preHandler: a stranger gets 401 before the body is even read.
      onRequest: requireUser,
      schema: { body: AffiliateRegisterRequestSchema, response: { 201: AffiliateRegisterResponseSchema } },
    },
    async (request, reply) => {
      const user = request.sessionUser!;
      // The signed-in user is the actor.
      const context = buildCommandContext({
        request,
        now: deps.now(),
        commandName: 'RegisterAffiliate',
        input: { userId: user.id, profile: request.body },
      });
      return sendAccepted(reply, await registerAffiliate({ deps, user, input: request.body, context }));
    },
  );
  typed.post(
    '/api/affiliate/report-sale',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      onRequest: requireUser,
      schema: { body: SaleReportSchema, response: { 201: CommandAcceptedSchema } },
    },
    async (request, reply) => {
      const user = request.sessionUser!;
      // The signed-in user is the actor.
      const context = buildCommandContext({
        request,
        now: deps.now(),
        commandName: 'ReportSale',
        input: { userId: user.id, sale: request.body },
      });
      return sendAccepted(reply, await reportSale({ deps, user, input: request.body, context }));
    },
  );
};

/** PUT /api/admin/affiliate-sales/:id/status, in a context behind the admin guard. */
export const registerAdminAffiliateRoutes = (app: FastifyInstance, deps: AffiliateDeps & { findSaleOwner: FindSaleOwner }) => {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/admin/affiliate-sales/:id/status',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      schema: { params: SaleParamsSchema, body: SaleStatusUpdateSchema, response: { 200: SaleStatusUpdatedSchema } },
    },
    async (request) => {
      const input = { request, now: deps.now(), commandName: 'UpdateSaleStatus', input: request.body };
      const { adminUsername, context } = buildAdminCommandContext(input);
      return updateSaleStatus({
        eventStore: deps.eventStore,
        lock: deps.lock,
        newEventId: deps.newId,
        findSaleOwner: deps.findSaleOwner,
        saleId: request.params.id,
        update: request.body,
        adminUsername,
        context,
      });
    },
  );
};
