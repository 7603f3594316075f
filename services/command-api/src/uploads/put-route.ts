import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UploadContentType, UploadPurpose, UploadResult } from '@acres/contracts';
import { withTransaction } from '@acres/platform/db';
import { DomainError } from '@acres/contracts/errors';
import { countUploadAttempt, forgetUploadAttempts } from './attempts.ts';
import type { UploadsDeps } from './deps.ts';
import type { LocalObjectStore } from './local-store.ts';
import { objectPathOf } from './object-store.ts';
import { findObjectRow, insertStoredObject } from './objects.ts';
import { isRequestFromOwner } from './owner.ts';
import { fileTooLarge, notAnImage, receiveImage } from './receive-image.ts';
import { checkStaffUpload } from './staff-owner.ts';
import { maxBytesOf } from './upload-header.ts';
import { verifyUploadToken, type UploadTokenPayload } from './upload-token.ts';

export const UPLOAD_URL_NOT_YOURS_MESSAGE = 'Upload URL was issued to someone else';
export const UPLOAD_URL_USED_MESSAGE = 'This upload URL has already been used; ask for a new one';

/**
 * The image may take this long to arrive (other requests get 20 s): 5 MB on a 100 KB/s
 * mobile link needs about 50 s, so this leaves room for links at half that. A body that
 * stalls is still closed after the idle timeout (15 s).
 */
export const UPLOAD_REQUEST_DEADLINE_MS = 120_000;

const LABELS: Record<UploadContentType, string> = {
  'image/jpeg': 'JPG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
  'application/pdf': 'PDF document',
};
const DECLARED: Record<string, UploadContentType | null> = {
  'image/jpeg': 'image/jpeg',
  // Not a registered type, but some browsers and tools send it for .jpg files.
  'image/jpg': 'image/jpeg',
  'image/png': 'image/png',
  'image/webp': 'image/webp',
  'application/pdf': 'application/pdf',
  // No claim about the type: the bytes decide.
  'application/octet-stream': null,
  '': null,
};

/** The type the client claims, null when it makes no claim; 415 for anything the purpose does not accept. */
const readDeclaredType = (header: string | undefined, purpose: UploadPurpose): UploadContentType | null => {
  const mediaType = (header ?? '').split(';')[0]!.trim().toLowerCase();
  if (!Object.hasOwn(DECLARED, mediaType)) throw notAnImage(purpose);
  const declared = DECLARED[mediaType]!;
  if (declared === 'application/pdf' && purpose !== 'due-diligence-document') throw notAnImage(purpose);
  return declared;
};

type PutState = { payload: UploadTokenPayload; declared: UploadContentType | null };
const PUT_STATE = Symbol('acres.upload.put');
type WithPutState = FastifyRequest & { [PUT_STATE]?: PutState };

/**
 * PUT /api/objects/upload/:token with the raw bytes → {objectPath}. Everything that
 * needs no body (signature, expiry, owner, declared type and length, reuse, too many
 * attempts) is refused in onRequest, before a byte is read. The object's name comes
 * from the signed token, never from the URL or the body. Whatever way a PUT ends, its
 * temporary file is gone when the handler returns.
 */
export const registerPutRoute = (app: FastifyInstance, deps: UploadsDeps & { store: LocalObjectStore }) => {
  app.put('/api/objects/upload/:token', {
    config: { requestDeadlineMs: UPLOAD_REQUEST_DEADLINE_MS },
    onRequest: async (request, reply) => {
      const { token } = request.params as { token: string };
      const payload = verifyUploadToken(token, { secret: deps.signingSecret, now: deps.now() });
      if (payload.ownerKind === 'staff') {
        const staff = await checkStaffUpload(request, reply, deps);
        if (!staff) return reply;
        if (staff.id !== payload.ownerId) throw new DomainError('forbidden', UPLOAD_URL_NOT_YOURS_MESSAGE);
      } else if (!isRequestFromOwner(request, { kind: payload.ownerKind, id: payload.ownerId })) {
        throw new DomainError('forbidden', UPLOAD_URL_NOT_YOURS_MESSAGE);
      }
      const declared = readDeclaredType(request.headers['content-type'], payload.purpose);
      const length = Number(request.headers['content-length'] ?? Number.NaN);
      if (length > maxBytesOf(payload.purpose)) {
        // The body is not read: closing the connection keeps it from being drained.
        reply.header('connection', 'close');
        throw fileTooLarge(payload.purpose);
      }
      if (await findObjectRow(deps.pool, objectPathOf(payload.objectId)))
        throw new DomainError('conflict', UPLOAD_URL_USED_MESSAGE);
      // Counted only for PUTs that will read a body: refusals above cost nothing.
      await countUploadAttempt(deps.pool, {
        objectId: payload.objectId,
        expiresAt: new Date(payload.exp * 1000),
        now: deps.now(),
      });
      (request as WithPutState)[PUT_STATE] = { payload, declared };
    },
    handler: async (request, reply): Promise<UploadResult> => {
      const { payload, declared } = (request as WithPutState)[PUT_STATE]!;
      const { objectId } = payload;
      const objectPath = objectPathOf(objectId);
      const incoming = await deps.store.createIncomingFile();
      let published = false;
      try {
        const received = await receiveImage({ body: request.raw, file: incoming.handle, purpose: payload.purpose });
        if (declared && declared !== received.contentType) {
          const message = `The file is a ${LABELS[received.contentType]} but was sent as ${declared}`;
          throw new DomainError('unsupported_media_type', message, [{ field: 'Content-Type', message }]);
        }
        await withTransaction(deps.pool, async (client) => {
          const owner = { kind: payload.ownerKind, id: payload.ownerId };
          const inserted = await insertStoredObject(client, {
            ...received,
            objectId,
            owner,
            purpose: payload.purpose,
            now: deps.now(),
          });
          if (!inserted) throw new DomainError('conflict', UPLOAD_URL_USED_MESSAGE);
          published = await incoming.publish(objectId);
          if (!published) throw new DomainError('conflict', UPLOAD_URL_USED_MESSAGE);
          await forgetUploadAttempts(client, objectId);
        });
        deps.log.info(
          { objectPath, owner: payload.ownerKind, contentType: received.contentType, sizeBytes: received.sizeBytes },
          'object uploaded',
        );
        return { objectPath };
      } catch (error) {
        // The row was rolled back; a file we linked must go with it.
        if (published) await deps.store.deleteObject(objectId);
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      } finally {
        await incoming.discard();
      }
    },
  });
};
