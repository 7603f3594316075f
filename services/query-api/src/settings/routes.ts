import { AdminSettingsSchema, PublicSettingsSchema, type DeliveryChannels } from '@acres/contracts/settings-reads';
import { BUSINESS_SETTINGS } from '@acres/read-models/business-settings';
import { CHECKPOINT_NAMES } from '@acres/read-models/registry';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';
import { readAdminSettings, readPublicSettings } from '@acres/read-models/business-settings-queries';

/** GET /api/settings, public: what the footer, the privacy page, the links and the dashboard show. */
export const registerPublicSettingsRoutes = (app: QueryApp, deps: RouteDeps & { channels: DeliveryChannels }) => {
  app.get(
    '/api/settings',
    {
      schema: { response: { 200: PublicSettingsSchema } },
      preHandler: deps.freshRead([BUSINESS_SETTINGS.name, CHECKPOINT_NAMES.documents]),
      onSend: async (_request, reply) => {
        // A change shows on the next page load.
        reply.header('cache-control', 'no-cache');
      },
    },
    async () => readPublicSettings(deps.pool, deps.channels),
  );
};

/** GET /api/admin/settings, behind the admin guard: the settings and their change history. */
export const registerAdminSettingsRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/settings',
    { schema: { response: { 200: AdminSettingsSchema } }, preHandler: deps.freshRead([BUSINESS_SETTINGS.name]) },
    async () => readAdminSettings(deps.pool),
  );
};
