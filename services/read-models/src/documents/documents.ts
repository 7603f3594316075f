// The due-diligence room's documents (issue 27, item 3): one row per DueDiligenceDocumentUploaded,
// every version of every document; the newest version of each is the one the room shows.

import type { RecordedEvent } from '@acres/eventstore/port';
import type {
  AdminDocument,
  DocumentCategory,
  DocumentContentType,
  DocumentVersion,
  RoomDocument,
} from '@acres/contracts/documents-reads';
import { defineReadModel, type RowToWrite, type SqlTypes } from '../shared/read-model.ts';
import { defineInsertOnlyProjection } from '../shared/projection/insert-only-projection.ts';
import { parseEventData, type Projection } from '../shared/projection/projection.ts';
import type { ProjectionTarget } from '../shared/projection/define-projection.ts';

export const DD_DOCUMENTS = defineReadModel('dd-documents', 'dd_document_versions', '1700000000045_due-diligence.sql');

export type DocumentVersionRow = {
  document_id: string;
  version: number;
  title: string;
  category: DocumentCategory;
  object_path: string;
  content_type: DocumentContentType;
  size_bytes: number;
  uploaded_at: Date;
  uploaded_by: string;
};

export const DOCUMENT_VERSION_COLUMNS = {
  document_id: 'uuid',
  version: 'integer',
  title: 'text',
  category: 'text',
  object_path: 'text',
  content_type: 'text',
  size_bytes: 'integer',
  uploaded_at: 'timestamptz',
  uploaded_by: 'text',
} as const satisfies SqlTypes<DocumentVersionRow>;

const toRow = (event: RecordedEvent): RowToWrite<DocumentVersionRow> => {
  const data = parseEventData('DueDiligenceDocumentUploaded', event);
  return {
    document_id: data.documentId,
    version: data.version,
    title: data.title,
    category: data.category,
    object_path: data.objectPath,
    content_type: data.contentType,
    size_bytes: data.sizeBytes,
    uploaded_at: data.uploadedAt,
    uploaded_by: data.uploadedBy,
  };
};

export const createDocumentsProjection = (target: ProjectionTarget = {}): Projection =>
  defineInsertOnlyProjection({
    model: DD_DOCUMENTS,
    target,
    handles: ['DueDiligenceDocumentUploaded'],
    columns: DOCUMENT_VERSION_COLUMNS,
    key: ['document_id', 'version'],
    toRows: toRow,
  });

const toVersion = (row: DocumentVersionRow): DocumentVersion => ({
  version: row.version,
  objectPath: row.object_path,
  contentType: row.content_type,
  sizeBytes: row.size_bytes,
  uploadedAt: row.uploaded_at.toISOString(),
  uploadedBy: row.uploaded_by,
});

/** Rows newest version first, documents in the package's order → the admin's list. */
export const toAdminDocuments = (rows: readonly DocumentVersionRow[]): AdminDocument[] => {
  const documents = new Map<string, AdminDocument>();
  for (const row of rows) {
    const document = documents.get(row.document_id);
    if (document) document.versions.push(toVersion(row));
    else
      documents.set(row.document_id, {
        id: row.document_id,
        title: row.title,
        category: row.category,
        versions: [toVersion(row)],
      });
  }
  return [...documents.values()];
};

/** The current version's row → what a recipient sees (no staff name, no storage path). */
export const toRoomDocument = (row: DocumentVersionRow): RoomDocument => ({
  id: row.document_id,
  title: row.title,
  category: row.category,
  version: row.version,
  contentType: row.content_type,
  sizeBytes: row.size_bytes,
  updatedAt: row.uploaded_at.toISOString(),
});
