import type { FastifyInstance } from 'fastify';
import {
  AffiliateRegisterRequestSchema,
  AffiliateRegisterResponseSchema,
  CommandAcceptedSchema,
  SaleReportSchema,
  SaleStatusUpdatedSchema,
  SaleStatusUpdateSchema,
} from '@acres/contracts';
import { idParamsSchema, routeAdminCommand } from '../commands/admin-command-route.ts';
import { postUserCommand } from '../commands/user-command-route.ts';
import type { AffiliateDeps } from './deps.ts';
import { registerAffiliate } from './register-affiliate.ts';
import { reportSale } from './report-sale.ts';
import type { FindSaleOwner } from './sale-owner.ts';
import { updateSaleStatus } from './update-sale-status.ts';

export const SALE_ID_MESSAGE = 'Sale id must be a uuid';

/** POST /api/affiliate/register and /report-sale, in a context with session support. */
export const registerAffiliateRoutes = (app: FastifyInstance, deps: AffiliateDeps) => {
  postUserCommand(app, {
    path: '/api/affiliate/register',
    body: AffiliateRegisterRequestSchema,
    accepted: AffiliateRegisterResponseSchema,
    commandName: 'RegisterAffiliate',
    now: deps.now,
    inputOf: (userId, profile) => ({ userId, profile }),
    run: (user, input, context) => registerAffiliate({ deps, user, input, context }),
  });
  postUserCommand(app, {
    path: '/api/affiliate/report-sale',
    body: SaleReportSchema,
    accepted: CommandAcceptedSchema,
    commandName: 'ReportSale',
    now: deps.now,
    inputOf: (userId, sale) => ({ userId, sale }),
    run: (user, input, context) => reportSale({ deps, user, input, context }),
  });
};

/** PUT /api/admin/affiliate-sales/:id/status, in a context behind the admin guard. */
export const registerAdminAffiliateRoutes = (app: FastifyInstance, deps: AffiliateDeps & { findSaleOwner: FindSaleOwner }) => {
  routeAdminCommand(app, {
    method: 'PUT',
    path: '/api/admin/affiliate-sales/:id/status',
    params: idParamsSchema(SALE_ID_MESSAGE),
    body: SaleStatusUpdateSchema,
    answer: SaleStatusUpdatedSchema,
    commandName: 'UpdateSaleStatus',
    now: deps.now,
    run: ({ params, body, adminUsername, context }) =>
      updateSaleStatus({
        eventStore: deps.eventStore,
        lock: deps.lock,
        newEventId: deps.newId,
        findSaleOwner: deps.findSaleOwner,
        saleId: params.id,
        update: body,
        adminUsername,
        context,
      }),
  });
};
