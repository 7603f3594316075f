import { AdminLeadsResponseSchema } from '@acres/contracts';
import { type AdminPage, adminPageParams } from '@/features/admin/shell/api/admin-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';
import { apiRequest } from '@/lib/api-client';
import { fallbackLeadsFilename, filenameFromContentDisposition } from '../lib/csv-filename';
import { saveDownloadedFile } from '@/lib/save-download';

export function adminLeadsKey({ offset, cursor, search }: AdminPage & { search: string }): string {
  const params = adminPageParams(offset, cursor);
  const term = search.trim();
  if (term) params.set('search', term);
  return `/api/admin/leads?${params}`;
}

export function useAdminLeads(query: AdminPage & { search: string }) {
  return useAdminQuery(adminLeadsKey(query), AdminLeadsResponseSchema);
}

/**
 * Fetches the CSV with the Basic header (a plain link could not carry it) and hands it
 * to the browser as a download under the server's file name.
 */
export async function downloadLeadsCsv(authorization: string): Promise<string> {
  const res = await apiRequest('GET', '/api/admin/leads/export.csv', undefined, { headers: { authorization } });
  const blob = await res.blob();
  const filename = filenameFromContentDisposition(res.headers.get('content-disposition')) ?? fallbackLeadsFilename();
  saveDownloadedFile(blob, filename);
  return filename;
}
