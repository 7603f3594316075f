import type { FastifyReply } from 'fastify';
import type { DueDiligenceDocumentUploadedData } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import type { EventStore } from '@acres/eventstore/port';
import type { Queryable } from '@acres/platform/db';
import { readCurrentVersion } from './current-version.ts';
import { objectIdOf, type ObjectStore } from '../uploads/object-store.ts';
import { findObjectRow } from '../uploads/objects.ts';
import { sendStoredBytes } from '../uploads/send-stored-bytes.ts';
import type { Readable } from 'node:stream';

const EXTENSIONS = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** RFC 6266: an ASCII fallback for old clients and the UTF-8 name for the rest. */
export const contentDispositionOf = (title: string, contentType: keyof typeof EXTENSIONS) => {
  const name = `${title}.${EXTENSIONS[contentType]}`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/** Opens the version's bytes before anything is recorded, so a download that cannot happen is not counted. */
export const openDocumentBytes = async (options: {
  db: Queryable;
  store: ObjectStore;
  version: Pick<DueDiligenceDocumentUploadedData, 'objectPath'>;
}) => {
  const objectId = objectIdOf(options.version.objectPath);
  const row = objectId ? await findObjectRow(options.db, options.version.objectPath) : null;
  const stream = row && objectId ? await options.store.readObject(objectId, { etag: row.storageEtag }) : null;
  if (!stream) throw new DomainError('not_found', 'The file of this document is missing; please tell our team');
  return stream;
};

/** The bytes as a download: never sniffed, never cached, never run. */
export const sendDocument = (
  reply: FastifyReply,
  options: {
    version: Pick<DueDiligenceDocumentUploadedData, 'title' | 'contentType' | 'sizeBytes'>;
    stream: Readable;
  },
) =>
  sendStoredBytes(
    reply,
    {
      contentType: options.version.contentType,
      sizeBytes: options.version.sizeBytes,
      disposition: contentDispositionOf(options.version.title, options.version.contentType),
      cacheControl: 'private, no-store',
    },
    options.stream,
  );

/**
 * A recorded download: the current version's bytes opened first, then `record` appends the
 * download's event, then the bytes are sent. If recording fails, the opened stream is closed.
 */
export const sendRecordedDownload = async (options: {
  deps: { db: Queryable; store: ObjectStore; eventStore: EventStore };
  reply: FastifyReply;
  documentId: string;
  record: (version: Awaited<ReturnType<typeof readCurrentVersion>>) => Promise<unknown>;
}) => {
  const version = await readCurrentVersion(options.deps.eventStore, options.documentId);
  const stream = await openDocumentBytes({ db: options.deps.db, store: options.deps.store, version });
  try {
    await options.record(version);
  } catch (error) {
    (stream as { destroy?: () => void }).destroy?.();
    throw error;
  }
  return sendDocument(options.reply, { version, stream });
};
