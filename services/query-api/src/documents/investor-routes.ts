import { InvestorRoomSchema } from '@acres/contracts/materials';
import { requireUser } from '@acres/platform/sessions';
import { USERS } from '@acres/read-models/identity';
import { listRoomDocuments } from '@acres/read-models/documents-queries';
import { listOwnPayments } from '@acres/read-models/payments';
import { listApplicationsOfAccount } from '@acres/read-models/subscriptions-queries';
import { PROJECTIONS } from '../shared/fresh-read.ts';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

/**
 * Investors (an approved payment) and approved applicants (an application under an email the
 * account has proved): the same rule the command side applies to their downloads.
 */
const isRoomMember = async (deps: RouteDeps, userId: string) => {
  const [payments, applications] = await Promise.all([
    listOwnPayments(deps.pool, userId),
    listApplicationsOfAccount(deps.pool, userId),
  ]);
  return payments.some((payment) => payment.status === 'approved') || applications.some((a) => a.status === 'approved');
};

/** GET /api/documents, signed in: the room on the dashboard; `eligible` false shows no card. */
export const registerInvestorRoomRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/documents',
    {
      schema: { response: { 200: InvestorRoomSchema } },
      preHandler: [
        requireUser,
        deps.freshRead([PROJECTIONS.documents, PROJECTIONS.payments, PROJECTIONS.subscriptions, USERS.name]),
      ],
    },
    async (request) => {
      if (!(await isRoomMember(deps, request.sessionUser!.id))) return { eligible: false, documents: [] };
      return { eligible: true, documents: await listRoomDocuments(deps.pool) };
    },
  );
};
