import {
  AdminDocumentsSchema,
  LeadMaterialsSchema,
  UploadResultSchema,
  UploadUrlResponseSchema,
  type DocumentAdded,
  type DocumentForm,
  type MaterialsRevokedAnswer,
  type MaterialsSentAnswer,
} from '@acres/contracts';
import { apiJson, apiRequest } from '@/lib/api-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';

/** Under the admin prefix, so the dashboard's Refresh reaches it too. */
export const ADMIN_DOCUMENTS_KEY = '/api/admin/documents';
export const leadMaterialsKey = (leadId: string) => `/api/admin/leads/${leadId}/materials`;

/** GET /api/admin/documents: every document of the room with its versions, newest first. */
export function useAdminDocuments() {
  return useAdminQuery(ADMIN_DOCUMENTS_KEY, AdminDocumentsSchema);
}

/** GET /api/admin/leads/:id/materials: the links sent to the lead and what was done with them. */
export function useLeadMaterials(leadId: string) {
  return useAdminQuery(leadMaterialsKey(leadId), LeadMaterialsSchema);
}

/**
 * The uploads slice's two steps with the staff member's credentials: a one-use URL for a
 * due-diligence document, then the bytes (the server sniffs them: PDF or image). A bucket's URL
 * is another origin and takes no credentials; the server's own PUT checks them again.
 */
export async function uploadDocumentFile(authorization: string, file: File): Promise<string> {
  const issued = UploadUrlResponseSchema.parse(
    await apiJson('POST', '/api/objects/upload', { purpose: 'due-diligence-document' }, { headers: { authorization } }),
  );
  const sameOrigin = new URL(issued.uploadURL, window.location.origin).origin === window.location.origin;
  const res = await apiRequest('PUT', issued.uploadURL, file, sameOrigin ? { headers: { authorization } } : {});
  if (!sameOrigin) {
    if (!issued.objectPath) throw new Error('The upload URL answer did not name the object');
    return issued.objectPath;
  }
  return UploadResultSchema.parse(await res.json()).objectPath;
}

export function addDocument(authorization: string, form: DocumentForm & { objectPath: string }) {
  return apiJson<DocumentAdded>('POST', ADMIN_DOCUMENTS_KEY, form, { headers: { authorization } });
}

export function addDocumentVersion(authorization: string, documentId: string, objectPath: string) {
  return apiJson<DocumentAdded>(
    'POST',
    `${ADMIN_DOCUMENTS_KEY}/${documentId}/versions`,
    { objectPath },
    { headers: { authorization } },
  );
}

export function sendMaterials(authorization: string, leadId: string) {
  return apiJson<MaterialsSentAnswer>('POST', leadMaterialsKey(leadId), {}, { headers: { authorization } });
}

export function revokeMaterialsLink(authorization: string, linkId: string) {
  return apiJson<MaterialsRevokedAnswer>('POST', `/api/admin/materials/${linkId}/revoke`, {}, { headers: { authorization } });
}
