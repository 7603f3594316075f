import { DATA_EXPORT_ROUTE } from '@acres/contracts/data-export';
import { apiRequest } from '@/lib/api-client';
import { saveDownload } from '@/lib/save-download';

/** The signed-in investor's or affiliate's own ZIP (the session cookie says whose). */
export async function downloadMyData(): Promise<string> {
  return saveDownload(await apiRequest('GET', DATA_EXPORT_ROUTE), 'acres-data.zip');
}
