import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EraseSubjectSchema,
  ErasureDoneSchema,
  ErasurePreviewSchema,
  ErasureTargetSchema,
  type PersonLookup,
} from '@acres/contracts/erasure';
import type { EventStore } from '@acres/eventstore/port';
import type { KeyVault } from '@acres/eventstore/protect';
import type { Pool } from '@acres/platform/db';
import { COMMAND_BODY_LIMIT } from '../commands/accepted.ts';
import { requireJsonContentType } from '../commands/content-type.ts';
import { commandDepsOf, type AdminGuard } from '../commands/deps.ts';
import { buildAdminCommandContext } from '../commands/request-context.ts';
import type { ObjectStore } from '../uploads/object-store.ts';
import { eraseSubject, previewErasure, type ErasureDeps } from './erase-subject.ts';
import { guardAdminScope } from '../commands/admin-scope.ts';

export type ErasureOptions = {
  eventStore: EventStore;
  pool: Pool;
  /** The same vault the event store was protected with: erasing destroys its keys. */
  vault: KeyVault;
  /** Where uploaded images live (createObjectStore with the uploads plugin's options). */
  objectStore: ObjectStore;
  adminGuard: AdminGuard;
  /** Who a record's person is, from the read models (@acres/read-models/person-lookup). */
  personLookup: PersonLookup;
  now?: () => Date;
  newId?: () => string;
};

/**
 * GET /api/admin/erasures/preview?kind=&id= and POST /api/admin/erasures behind the admin
 * guard. A plugin of its own: it needs the key vault and the object store, which the rest of
 * the command API never touches.
 */
export const erasurePlugin: FastifyPluginAsync<ErasureOptions> = async (app, options) => {
  const { pool, vault, objectStore, personLookup } = options;
  const deps: ErasureDeps = {
    ...commandDepsOf({ ...options, addressDigest: vault.addressDigest }),
    pool,
    vault,
    objectStore,
    personLookup,
  };
  guardAdminScope(app, options.adminGuard);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/admin/erasures/preview',
    { schema: { querystring: ErasureTargetSchema, response: { 200: ErasurePreviewSchema } } },
    async (request) => previewErasure(deps, request.query),
  );
  routes.post(
    '/api/admin/erasures',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      onRequest: requireJsonContentType,
      schema: { body: EraseSubjectSchema, response: { 200: ErasureDoneSchema } },
    },
    async (request) => {
      const input = { request, now: deps.now(), commandName: 'EraseSubject', input: request.body };
      const { adminUsername: erasedBy, context } = buildAdminCommandContext(input);
      const { kind, id, reason } = request.body;
      return eraseSubject({ deps, target: { kind, id }, reason, erasedBy, context });
    },
  );
};
