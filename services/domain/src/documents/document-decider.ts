import { DOCUMENT_MESSAGES, type DocumentCategory, type DocumentContentType, type DomainEventOf } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';

/** The checked file a version points at (the uploads slice sniffed its type from the bytes). */
export type DocumentFile = { objectPath: string; contentType: DocumentContentType; sizeBytes: number };

export type UploadDocument = {
  type: 'UploadDocument';
  documentId: string;
  title: string;
  category: DocumentCategory;
  file: DocumentFile;
  by: string;
  now: Date;
};
export type AddDocumentVersion = { type: 'AddDocumentVersion'; file: DocumentFile; by: string; now: Date };
/** A signed-in investor's download from their dashboard; a lead's goes through their link's stream. */
export type RecordInvestorDownload = { type: 'RecordInvestorDownload'; userId: string; now: Date };
export type DocumentCommand = UploadDocument | AddDocumentVersion | RecordInvestorDownload;

export type DueDiligenceDocumentUploaded = DomainEventOf<'DueDiligenceDocumentUploaded'>;
export type DueDiligenceDocumentDownloaded = DomainEventOf<'DueDiligenceDocumentDownloaded'>;
export type DocumentEvent = DueDiligenceDocumentUploaded | DueDiligenceDocumentDownloaded;

export type DocumentState = {
  current: (DueDiligenceDocumentUploaded['data'] & { documentId: string }) | null;
};

export const initialDocumentState: DocumentState = { current: null };

export const evolveDocument = (state: DocumentState, event: DocumentEvent): DocumentState => {
  switch (event.type) {
    case 'DueDiligenceDocumentUploaded':
      return { current: event.data };
    case 'DueDiligenceDocumentDownloaded':
      return state;
    default:
      return assertNever(event, 'document event');
  }
};

const uploaded = (data: DueDiligenceDocumentUploaded['data']): DueDiligenceDocumentUploaded => ({
  type: 'DueDiligenceDocumentUploaded',
  data,
});

const existing = (state: DocumentState) => {
  if (!state.current) throw new DomainError('not_found', DOCUMENT_MESSAGES.notFound);
  return state.current;
};

export const documentDecider = createDecider<DocumentCommand, DocumentEvent, DocumentState>(
  initialDocumentState,
  evolveDocument,
  {
    UploadDocument: (command, state) => {
      // The stream id was minted for this command: an existing one is a retried request.
      if (state.current) throw new DomainError('conflict', 'This document already exists');
      return [
        uploaded({
          documentId: command.documentId,
          version: 1,
          title: command.title,
          category: command.category,
          ...command.file,
          uploadedBy: command.by,
          uploadedAt: command.now.toISOString(),
        }),
      ];
    },
    AddDocumentVersion: (command, state) => {
      const current = existing(state);
      if (current.objectPath === command.file.objectPath) throw new DomainError('unprocessable', DOCUMENT_MESSAGES.sameFile);
      return [
        uploaded({
          ...current,
          ...command.file,
          version: current.version + 1,
          uploadedBy: command.by,
          uploadedAt: command.now.toISOString(),
        }),
      ];
    },
    RecordInvestorDownload: (command, state) => {
      const current = existing(state);
      return [
        {
          type: 'DueDiligenceDocumentDownloaded',
          data: {
            documentId: current.documentId,
            version: current.version,
            leadId: null,
            linkId: null,
            userId: command.userId,
            downloadedAt: command.now.toISOString(),
          },
        },
      ];
    },
  },
);
