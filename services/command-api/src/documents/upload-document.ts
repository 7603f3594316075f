import type { AddDocumentRequest, AddDocumentVersionRequest, DocumentAdded } from '@acres/contracts';
import { documentDecider, type DocumentEvent } from '@acres/domain';
import type { Queryable } from '@acres/platform/db';
import type { AdminCommandOptions } from '../commands/deps.ts';
import { handleCommand } from '../commands/handle-command.ts';
import type { ObjectStore } from '../uploads/object-store.ts';
import { findDocumentFile } from './document-file.ts';
import { documentStreamId } from './streams.ts';

export type DocumentFiles = { db: Queryable; store: ObjectStore | undefined };

const toAdded =
  (documentId: string) =>
  (events: DocumentEvent[], position: bigint): DocumentAdded => {
    const last = events[events.length - 1];
    return {
      id: documentId,
      version: last?.type === 'DueDiligenceDocumentUploaded' ? last.data.version : 0,
      position: position.toString(),
    };
  };

/** UploadDocument: a new document of the room, its first version the file just uploaded. */
export const uploadDocument = async (options: AdminCommandOptions<{ files: DocumentFiles; body: AddDocumentRequest }>) => {
  const { deps, context, body } = options;
  const file = await findDocumentFile({ ...options.files, objectPath: body.objectPath });
  const documentId = deps.newId();
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: documentDecider,
    streamId: documentStreamId(documentId),
    newStream: true,
    command: {
      type: 'UploadDocument',
      documentId,
      title: body.title,
      category: body.category,
      file,
      by: options.adminUsername,
      now: context.now,
    },
    context,
    newEventId: deps.newId,
    toResult: toAdded(documentId),
  });
  return result;
};

/** AddDocumentVersion: a new file for an existing document; the room shows it from now on. */
export const addDocumentVersion = async (
  options: AdminCommandOptions<{ files: DocumentFiles; documentId: string; body: AddDocumentVersionRequest }>,
) => {
  const { deps, context, documentId } = options;
  const file = await findDocumentFile({ ...options.files, objectPath: options.body.objectPath });
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: documentDecider,
    streamId: documentStreamId(documentId),
    command: { type: 'AddDocumentVersion', file, by: options.adminUsername, now: context.now },
    context,
    newEventId: deps.newId,
    toResult: toAdded(documentId),
  });
  return result;
};
