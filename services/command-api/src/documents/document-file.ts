import { DOCUMENT_MESSAGES, type DocumentContentType } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import type { DocumentFile } from '@acres/domain';
import type { Queryable } from '@acres/platform/db';
import type { ObjectStore } from '../uploads/object-store.ts';
import { findUploadedObject } from '../uploads/objects.ts';
import { verifyUploadedObject } from '../uploads/verify.ts';

const refuse = (message: string) =>
  new DomainError('validation_failed', `objectPath: ${message}`, [{ field: 'objectPath', message }]);

/**
 * The checked file at objectPath, uploaded by staff as a due-diligence document. With the
 * store, an object the browser PUT straight to the bucket is checked here, on its first use.
 */
export const findDocumentFile = async (options: {
  db: Queryable;
  store: ObjectStore | undefined;
  objectPath: string;
}): Promise<DocumentFile> => {
  const { db, store, objectPath } = options;
  const found = store ? await verifyUploadedObject({ db, store, objectPath }) : await findUploadedObject(db, objectPath);
  if (!found) throw refuse(DOCUMENT_MESSAGES.objectPath);
  if (found.purpose !== 'due-diligence-document' || found.ownerKind !== 'staff') throw refuse(DOCUMENT_MESSAGES.notADocument);
  return { objectPath: found.objectPath, contentType: found.contentType as DocumentContentType, sizeBytes: found.sizeBytes };
};
