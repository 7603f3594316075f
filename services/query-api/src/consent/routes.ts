import {
  ConsentHistoryParamsSchema,
  ConsentHistoryResponseSchema,
  MessagePreferencesResponseSchema,
} from '@acres/contracts/consent-ledger';
import { requireUser } from '@acres/platform/sessions';
import { CONSENT_HISTORY } from '@acres/read-models/consent-history';
import { findConfirmedEmail, USERS } from '@acres/read-models/identity';
import { findCurrentPhone, VERIFIED_PHONES } from '@acres/read-models/verified-phones';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { readConsentHistory, readMessagePreferences } from '@acres/read-models/consent-history-queries';

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
      preHandler: [requireUser, deps.freshRead([CONSENT_HISTORY.name, VERIFIED_PHONES.name, USERS.name])],
    },
    async (request) => {
      const user = request.sessionUser!;
      // Only a number the account confirmed with a texted code: a typed one may be anyone's (issue 24, finding 3).
      // The email likewise, once the account confirmed it: an unconfirmed one may be anyone's.
      const addresses = {
        email: await findConfirmedEmail(deps.pool, user.id),
        phoneE164: await findCurrentPhone(deps.pool, user.id),
      };
      return { preferences: await readMessagePreferences(deps.pool, deps.addressDigest, addresses) };
    },
  );
};
