import type { FastifyPluginAsync } from 'fastify';
import type { EventStore } from '@acres/eventstore/port';
import type { AddressDigest } from '@acres/eventstore/protect';
import type { Pool } from '@acres/platform/db';
import { DEFAULT_MATERIALS_LINK_DAYS } from '@acres/contracts';
import { registerAdminScope } from '../commands/admin-scope.ts';
import { commandDepsOf, type AdminGuard } from '../commands/deps.ts';
import type { ObjectStore } from '../uploads/object-store.ts';
import { registerAdminDocumentRoutes } from './admin-routes.ts';
import { registerPublicDocumentRoutes } from './public-routes.ts';
import { registerInvestorDocumentRoutes } from './investor-routes.ts';
import { registerSessionSupport } from '@acres/platform/sessions';

export type DocumentsPluginOptions = {
  eventStore: EventStore;
  addressDigest: AddressDigest;
  pool: Pool;
  /** The uploads' store: documents are uploaded objects. */
  objectStore: ObjectStore;
  adminGuard: AdminGuard | undefined;
  /** Checks the links the notifier signs. */
  linkSigningSecret: string;
  /** How long a link sent to a lead works (MATERIALS_LINK_DAYS). */
  materialsLinkDays?: number | undefined;
  now?: () => Date;
  newId?: () => string;
};

/**
 * The due-diligence room's commands (issue 27, item 3): staff add documents and versions, send
 * a lead a link and revoke it; the lead's views and downloads through the link are recorded.
 */
export const documentsPlugin: FastifyPluginAsync<DocumentsPluginOptions> = async (app, options) => {
  const deps = commandDepsOf(options);
  const files = { db: options.pool, store: options.objectStore };
  if (options.adminGuard) {
    await registerAdminScope(app, options.adminGuard, (admin) =>
      registerAdminDocumentRoutes(admin, {
        ...deps,
        files,
        linkDays: options.materialsLinkDays ?? DEFAULT_MATERIALS_LINK_DAYS,
      }),
    );
  } else {
    app.log.warn('the due-diligence room’s staff routes are off: no admin guard was given');
  }
  await app.register(async (visitor) =>
    registerPublicDocumentRoutes(visitor, {
      ...deps,
      db: options.pool,
      store: options.objectStore,
      linkSigningSecret: options.linkSigningSecret,
    }),
  );
  await app.register(async (investor) => {
    registerSessionSupport(investor, { pool: options.pool });
    registerInvestorDocumentRoutes(investor, { ...deps, db: options.pool, store: options.objectStore });
  });
};
