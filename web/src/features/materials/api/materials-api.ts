import { MaterialsPageSchema, type MaterialsPage } from '@acres/contracts/materials';
import { apiJson } from '@/lib/api-client';

const base = (token: string) => `/api/materials/${encodeURIComponent(token)}`;

/** GET /api/materials/:token: the room behind the lead's link (404 forged, 410 revoked or expired). */
export async function fetchMaterialsPage(token: string): Promise<MaterialsPage> {
  return MaterialsPageSchema.parse(await apiJson('GET', base(token)));
}

/** POST …/views: the lead opened the page (an event against the lead). */
export async function recordMaterialsView(token: string): Promise<void> {
  await apiJson('POST', `${base(token)}/views`, {});
}

/** Where a document downloads from: the server records the download and names the file. */
export const documentDownloadHref = (token: string, documentId: string) => `${base(token)}/documents/${documentId}`;
