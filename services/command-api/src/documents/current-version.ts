import { DOCUMENT_MESSAGES, parseEvent } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { documentDecider, foldEvents, type DocumentEvent } from '@acres/domain';
import type { EventStore } from '@acres/eventstore/port';
import { documentStreamId } from './streams.ts';

/** The document's current version as its stream says; 404 for a document that does not exist. */
export const readCurrentVersion = async (eventStore: EventStore, documentId: string) => {
  const recorded = await eventStore.readStream(documentStreamId(documentId));
  const events = recorded.map((event) => parseEvent(event.type, event.data) as DocumentEvent);
  const { current } = foldEvents(documentDecider, events);
  if (!current) throw new DomainError('not_found', DOCUMENT_MESSAGES.notFound);
  return current;
};
