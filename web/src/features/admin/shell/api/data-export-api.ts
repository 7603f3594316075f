import { ADMIN_DATA_EXPORT_ROUTE, type DataExportQuery } from '@acres/contracts/data-export';
import { apiRequest } from '@/lib/api-client';
import { saveDownload } from '@/lib/save-download';

/** Any subject's ZIP for the admin, with the Basic header a plain link could not carry. */
export async function downloadSubjectData(authorization: string, subject: DataExportQuery): Promise<string> {
  const params = new URLSearchParams({ kind: subject.kind, id: subject.id });
  const res = await apiRequest('GET', `${ADMIN_DATA_EXPORT_ROUTE}?${params}`, undefined, { headers: { authorization } });
  return saveDownload(res, `acres-data-${subject.kind}.zip`);
}
