import type { FastifyInstance } from 'fastify';
import { sendProblem } from '@acres/platform/http-errors';
import type { UploadsDeps } from './deps.ts';
import { isObjectId, objectPathOf } from './object-store.ts';
import { findObjectRow, toUploadedObject, type UploadedObjectRow } from './objects.ts';
import { isRequestFromOwner } from './owner.ts';
import { sendStoredBytes } from './send-stored-bytes.ts';
import { verifyUploadedObject } from './verify.ts';

export const OBJECT_NOT_FOUND_MESSAGE = 'Object not found';

/**
 * GET /api/objects/uploads/:id → the bytes, to their owner or the admin only. Everyone
 * else gets the same 404 as for an object that does not exist, so ids cannot be probed.
 * A non-owner who sends credentials is checked by the admin guard, whose answer for
 * wrong ones (401, 429 after repeated failures) stands; without an Authorization
 * header no challenge is issued at all.
 */
export const registerGetRoute = (app: FastifyInstance, deps: UploadsDeps) => {
  app.get('/api/objects/uploads/:id', async (request, reply) => {
    const notFound = () => sendProblem(reply, { status: 404, detail: OBJECT_NOT_FOUND_MESSAGE });
    const { id } = request.params as { id: string };
    if (!isObjectId(id)) return notFound();
    const objectPath = objectPathOf(id);
    const row: UploadedObjectRow | null = await findObjectRow(deps.pool, objectPath);
    const isOwner = row !== null && isRequestFromOwner(request, { kind: row.ownerKind, id: row.ownerId });
    if (!isOwner) {
      if (request.headers.authorization === undefined || !deps.adminGuard) return notFound();
      await deps.adminGuard(request, reply);
      if (reply.sent) return reply;
    }
    if (!row) return notFound();
    let checked = row;
    if (row.status === 'pending') {
      // S3: the first read is the first use; check the bytes the browser sent.
      const verified = await verifyUploadedObject({ db: deps.pool, store: deps.store, objectPath, logger: deps.log });
      checked = (verified && (await findObjectRow(deps.pool, objectPath))) || row;
    }
    const object = toUploadedObject(checked);
    if (!object) return notFound();
    const stream = await deps.store.readObject(id, { etag: checked.storageEtag });
    if (!stream) {
      deps.log.warn({ objectPath }, 'object row without bytes');
      return notFound();
    }
    return sendStoredBytes(
      reply,
      { contentType: object.contentType, sizeBytes: object.sizeBytes, disposition: 'inline', cacheControl: 'private' },
      stream,
    );
  });
};
