// The subject's uploaded images, read from the object store (local folder or S3) through
// the one method the export needs. The store itself belongs to the command side's uploads;
// the server that runs both hands it in.

import type { Readable } from 'node:stream';

export type Row = Record<string, unknown>;

/** The read half of the uploads' object store (command-api's ObjectStore satisfies it). */
export type ObjectReader = { readObject: (objectId: string) => Promise<Readable | null> };

export type ExportedFile = {
  /** Path inside the ZIP, under files/. */
  name: string;
  objectPath: string;
  /** Why we hold it: payment proof, passport photo, sale proof, profile image. */
  purpose: string;
  bytes: Uint8Array | null;
  /** Why bytes is null: no object store on this server, or the object is gone (erased). */
  missing?: 'no-object-store' | 'not-found';
};

const OBJECT_PATH = /^\/objects\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

// The bytes were checked at upload to be one of these, so their first bytes name the type.
const extensionOf = (bytes: Uint8Array): string => {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpg';
  if (bytes[8] === 0x57 && bytes[9] === 0x45) return 'webp';
  return 'bin';
};

const readAll = async (stream: Readable): Promise<Uint8Array> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
};

type Wanted = { objectPath: string; purpose: string };

/** The uploads named by the subject's rows, each with its purpose. */
export const wantedFiles = (rows: { users: Row[]; applications: Row[]; payments: Row[]; sales: Row[] }): Wanted[] => {
  const wanted: Wanted[] = [
    ...rows.applications.map((row) => ({ objectPath: row.passport_photo_url, purpose: 'passport-photo' })),
    ...rows.payments.map((row) => ({ objectPath: row.proof_image_path, purpose: 'payment-proof' })),
    ...rows.sales.map((row) => ({ objectPath: row.proof_image_path, purpose: 'sale-proof' })),
    ...rows.users.map((row) => ({ objectPath: row.profile_image_url, purpose: 'profile-image' })),
  ].filter((file): file is Wanted => typeof file.objectPath === 'string' && OBJECT_PATH.test(file.objectPath));
  return wanted.filter((file, index) => wanted.findIndex((other) => other.objectPath === file.objectPath) === index);
};

export const readSubjectFiles = async (wanted: readonly Wanted[], objects: ObjectReader | undefined): Promise<ExportedFile[]> => {
  const files: ExportedFile[] = [];
  for (const file of wanted) {
    const objectId = OBJECT_PATH.exec(file.objectPath)![1]!;
    const base = `files/${file.purpose}-${objectId}`;
    if (!objects) {
      files.push({ ...file, name: base, bytes: null, missing: 'no-object-store' });
      continue;
    }
    const stream = await objects.readObject(objectId);
    if (!stream) {
      files.push({ ...file, name: base, bytes: null, missing: 'not-found' });
      continue;
    }
    const bytes = await readAll(stream);
    files.push({ ...file, name: `${base}.${extensionOf(bytes)}`, bytes });
  }
  return files;
};
