import { DOCUMENT_CATEGORY_LABELS } from '@acres/contracts/documents-reads';
import { auditEntry, mention } from './entry.ts';

export const documentUploaded = auditEntry('DueDiligenceDocumentUploaded', 'document.uploaded', (data) => ({
  at: data.uploadedAt,
  actor: ['admin', data.uploadedBy],
  subject: ['document', data.documentId],
  summary: `Uploaded version ${data.version} of “${data.title}” (${DOCUMENT_CATEGORY_LABELS[data.category]})`,
}));

export const materialsSent = auditEntry('MaterialsSent', 'materials.sent', (data) => ({
  at: data.sentAt,
  actor: ['admin', data.sentBy],
  subject: ['lead', data.leadId],
  summary: `Sent the due-diligence materials to ${mention('lead', data.leadId)}`,
}));

export const materialsRevoked = auditEntry('MaterialsLinkRevoked', 'materials.revoked', (data) => ({
  at: data.revokedAt,
  actor: ['admin', data.revokedBy],
  subject: ['lead', data.leadId],
  summary: `Revoked a materials link of ${mention('lead', data.leadId)}`,
}));
