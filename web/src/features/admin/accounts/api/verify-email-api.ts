import type { AdminEmailVerifiedResponse } from '@acres/contracts';
import { apiJson } from '@/lib/api-client';

/** POST /api/admin/users/:id/verify-email: the staff member confirms the account's current email by hand. */
export function verifyAccountEmail(authorization: string, userId: string): Promise<AdminEmailVerifiedResponse> {
  return apiJson<AdminEmailVerifiedResponse>('POST', `/api/admin/users/${encodeURIComponent(userId)}/verify-email`, undefined, {
    headers: { authorization },
  });
}
