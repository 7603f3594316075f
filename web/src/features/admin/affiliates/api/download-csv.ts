import { apiRequest } from '@/lib/api-client';
import { saveDownloadedFile } from '@/lib/save-download';

const fileNameOf = (disposition: string | null) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;

/**
 * Fetches an admin CSV with the Basic header (a plain link could not carry it) and hands
 * it to the browser as a download under the server's file name.
 */
export async function downloadAdminCsv(authorization: string, path: string, fallbackName: string): Promise<string> {
  const res = await apiRequest('GET', path, undefined, { headers: { authorization } });
  const blob = await res.blob();
  const filename = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
  saveDownloadedFile(blob, filename);
  return filename;
}
