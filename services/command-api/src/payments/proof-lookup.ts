import type { UploadedProof } from '@acres/domain';
import type { Queryable } from '@acres/platform/db';
import { findUploadedObject } from '../uploads/objects.ts';
import type { FindProof } from './submit-payment-proof.ts';

/** The uploaded object at a proof path, as the payment decider judges it. */
export const createProofLookup =
  (db: Queryable): FindProof =>
  async (objectPath: string): Promise<UploadedProof | null> => {
    const found = await findUploadedObject(db, objectPath);
    if (!found) return null;
    return { objectPath: found.objectPath, ownerKind: found.ownerKind, ownerId: found.ownerId, contentType: found.contentType };
  };
