import type { UploadedProof } from '@acres/domain';
import type { Queryable } from '@acres/platform/db';
import type { ObjectStore } from '../uploads/object-store.ts';
import { findUploadedObject } from '../uploads/objects.ts';
import { verifyUploadedObject } from '../uploads/verify.ts';
import type { FindProof } from './submit-payment-proof.ts';

/**
 * The uploaded object at a proof path, as the payment decider judges it. With the store, an
 * object the browser PUT straight to the bucket is checked here, on the first use that names
 * it (the SPA previews its own copy and never reads the object back).
 */
export const createProofLookup =
  (db: Queryable, store?: ObjectStore): FindProof =>
  async (objectPath: string): Promise<UploadedProof | null> => {
    const found = store ? await verifyUploadedObject({ db, store, objectPath }) : await findUploadedObject(db, objectPath);
    // Staff's documents are never anyone's proof of payment.
    if (!found || found.ownerKind === 'staff' || found.contentType === 'application/pdf') return null;
    return { objectPath: found.objectPath, ownerKind: found.ownerKind, ownerId: found.ownerId, contentType: found.contentType };
  };
