import { MyPhonesResponseSchema } from '@acres/contracts/phone-verification';
import { requireUser } from '@acres/platform/sessions';
import { readMyPhones, VERIFIED_PHONES } from '@acres/read-models/verified-phones';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

/** GET /api/me/phones: the signed-in account's verified numbers and the code it waits on (x-min-position waits for them). */
export const registerMyPhonesRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/me/phones',
    {
      schema: { response: { 200: MyPhonesResponseSchema } },
      preHandler: [requireUser, deps.freshRead([VERIFIED_PHONES.name])],
    },
    async (request) => readMyPhones(deps.pool, request.sessionUser!.id, deps.now()),
  );
};
