import { z } from 'zod';
import { AdminDocumentsSchema } from '@acres/contracts/documents-reads';
import { LeadMaterialsSchema, MATERIALS_MESSAGES, MaterialsPageSchema } from '@acres/contracts/materials';
import { DomainError } from '@acres/contracts/errors';
import { readMaterialsLinkToken } from '@acres/platform/signing';
import { CHECKPOINT_NAMES } from '@acres/read-models/registry';
import {
  findMaterialsLink,
  listAdminDocuments,
  listRoomDocuments,
  readLeadMaterials,
} from '@acres/read-models/documents-queries';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

const ROOM = [CHECKPOINT_NAMES.documents, CHECKPOINT_NAMES.materialsActivity];

const LeadParams = z.object({ id: z.guid({ error: 'Lead id must be a uuid' }).transform((id) => id.toLowerCase()) });

/** The room's admin reads, behind the admin guard: the documents with their versions, and a lead's links. */
export const registerAdminDocumentsRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get(
    '/api/admin/documents',
    { schema: { response: { 200: AdminDocumentsSchema } }, preHandler: deps.freshRead([CHECKPOINT_NAMES.documents]) },
    async () => ({ documents: await listAdminDocuments(deps.pool) }),
  );
  app.get(
    '/api/admin/leads/:id/materials',
    { schema: { params: LeadParams, response: { 200: LeadMaterialsSchema } }, preHandler: deps.freshRead(ROOM) },
    async (request) => readLeadMaterials(deps.pool, request.params.id, deps.now()),
  );
};

/**
 * GET /api/materials/:token, public: the room behind a lead's link. A forged token is 404; a
 * revoked or expired link 410 Gone. Never cached: a revoked link must stop working at once.
 */
export const registerMaterialsPageRoutes = (app: QueryApp, deps: RouteDeps & { linkSigningSecret: string }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.get(
    '/api/materials/:token',
    {
      schema: { params: z.object({ token: z.string().max(512) }), response: { 200: MaterialsPageSchema } },
      preHandler: deps.freshRead(ROOM),
    },
    async (request) => {
      const ids = readMaterialsLinkToken({ secret: deps.linkSigningSecret, token: request.params.token });
      const link = ids ? await findMaterialsLink(deps.pool, ids.linkId) : null;
      if (!link) throw new DomainError('not_found', MATERIALS_MESSAGES.invalid);
      if (link.revokedAt) throw new DomainError('gone', MATERIALS_MESSAGES.revoked);
      if (link.expiresAt.getTime() <= deps.now().getTime()) throw new DomainError('gone', MATERIALS_MESSAGES.expired);
      return { expiresAt: link.expiresAt.toISOString(), documents: await listRoomDocuments(deps.pool) };
    },
  );
};
