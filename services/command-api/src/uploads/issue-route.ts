import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UploadPurposeSchema, type UploadPurpose, type UploadUrlResponse } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { BODY_NOT_OBJECT_MESSAGE } from '../commands/content-type.ts';
import { objectPathOf } from './object-store.ts';
import { insertPendingObject } from './objects.ts';
import { resolveUploadOwner } from './owner.ts';
import { checkStaffUpload } from './staff-owner.ts';
import type { UploadsDeps } from './deps.ts';

const purposeError = (message: string) =>
  new DomainError('validation_failed', `purpose: ${message}`, [{ field: 'purpose', message }]);

/** `purpose` from the JSON body or the query; by default what the caller is most likely uploading. */
const readPurpose = (request: FastifyRequest): UploadPurpose => {
  const body = request.body;
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new DomainError('validation_failed', BODY_NOT_OBJECT_MESSAGE, [{ field: 'body', message: BODY_NOT_OBJECT_MESSAGE }]);
  }
  const fromBody = body && Object.hasOwn(body, 'purpose') ? (body as { purpose: unknown }).purpose : undefined;
  const fromQuery = (request.query as Record<string, unknown>).purpose;
  const given = fromBody ?? fromQuery;
  // A signed-in user's upload is a user's (resolveUploadOwner), a visitor's is a visitor's.
  if (given === undefined) return request.sessionUser ? 'payment-proof' : 'passport-photo';
  const parsed = UploadPurposeSchema.safeParse(given);
  if (!parsed.success) throw purposeError(parsed.error.issues[0]?.message ?? 'is invalid');
  return parsed.data;
};

/** POST /api/objects/upload → {uploadURL, objectPath}: where to PUT one image, valid for 15 minutes. */
export const registerIssueRoute = (app: FastifyInstance, deps: UploadsDeps) => {
  app.post('/api/objects/upload', { onRequest: deps.rateLimit }, async (request, reply): Promise<UploadUrlResponse> => {
    const purpose = readPurpose(request);
    // A due-diligence document is the staff's: the admin guard decides, and the URL names who.
    const owner =
      purpose === 'due-diligence-document' ? await checkStaffUpload(request, reply, deps) : resolveUploadOwner(request, reply);
    if (!owner) return reply;
    const objectId = randomUUID();
    const now = deps.now();
    // The browser writes to the bucket without us: the row is what ties the object to its owner.
    if (deps.store.kind === 's3') await insertPendingObject(deps.pool, { objectId, owner, purpose, now });
    const { uploadURL } = await deps.store.createUploadTarget({ objectId, owner, purpose, now });
    reply.header('cache-control', 'no-store');
    return { uploadURL, objectPath: objectPathOf(objectId) };
  });
};
