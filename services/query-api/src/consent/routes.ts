import {
  ConsentHistoryParamsSchema,
  ConsentHistoryResponseSchema,
  MessagePreferencesResponseSchema,
} from '@acres/contracts/consent-ledger';
import { requireUser } from '@acres/platform/sessions';
import { CONSENT_HISTORY, findSubjectAddresses } from '@acres/read-models/consent-history';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { readConsentHistory, readMessagePreferences } from './queries.ts';

/** GET /api/admin/consent-history/:kind/:id, behind the admin guard: a lead's, application's or affiliate's history. */
export const registerAdminConsentHistoryRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/consent-history/:kind/:id',
    {
      schema: { params: ConsentHistoryParamsSchema, response: { 200: ConsentHistoryResponseSchema } },
      preHandler: deps.freshRead([CONSENT_HISTORY.name]),
    },
    async (request) => ({ entries: await readConsentHistory(deps.pool, deps.addressDigest, request.params) }),
  );
};

/** GET /api/me/message-preferences, behind the session: the signed-in investor's or affiliate's choices. */
export const registerMessagePreferencesRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/me/message-preferences',
    {
      schema: { response: { 200: MessagePreferencesResponseSchema } },
      preHandler: [requireUser, deps.freshRead([CONSENT_HISTORY.name])],
    },
    async (request) => {
      const user = request.sessionUser!;
      // An affiliate's phone is on their affiliate record; an investor has only their account's email.
      const affiliate = await findSubjectAddresses(deps.pool, { kind: 'affiliate', id: user.id });
      const addresses = { email: user.email.toLowerCase(), phoneE164: affiliate?.phoneE164 ?? null };
      return { preferences: await readMessagePreferences(deps.pool, deps.addressDigest, addresses) };
    },
  );
};
