import {
  ErasurePreviewSchema,
  type EraseSubject,
  type ErasureDone,
  type ErasableKind as ErasureKind,
} from '@acres/contracts/erasure';
import { apiRequest } from '@/lib/api-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';

/** GET /api/admin/erasures/preview: what erasing this record would touch (null key: not asked yet). */
export function useErasurePreview(target: { kind: ErasureKind; id: string } | null) {
  const key = target ? `/api/admin/erasures/preview?kind=${target.kind}&id=${encodeURIComponent(target.id)}` : null;
  return useAdminQuery(key, ErasurePreviewSchema);
}

/** POST /api/admin/erasures: destroys the person's keys, images, sessions and passwords. */
export async function eraseSubject(authorization: string, body: EraseSubject): Promise<ErasureDone> {
  const res = await apiRequest('POST', '/api/admin/erasures', body, { headers: { authorization } });
  return (await res.json()) as ErasureDone;
}
