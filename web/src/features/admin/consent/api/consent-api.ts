import {
  ConsentHistoryResponseSchema,
  type ConsentChangeAccepted,
  type ConsentSubjectKind,
  type SetMessagePreferenceRequest,
} from '@acres/contracts/consent-ledger';
import { apiRequest } from '@/lib/api-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';

export const consentHistoryKey = (kind: ConsentSubjectKind, id: string) => `/api/admin/consent-history/${kind}/${id}`;

/** GET /api/admin/consent-history/:kind/:id: the texts agreed to and every opt-out and opt-in, oldest first. */
export function useConsentHistory(kind: ConsentSubjectKind, id: string) {
  return useAdminQuery(consentHistoryKey(kind, id), ConsentHistoryResponseSchema);
}

/** POST /api/admin/consent/:kind/:id: a choice the person made by phone or in person, recorded in the admin's name. */
export async function recordConsentChoice(options: {
  authorization: string;
  kind: 'lead' | 'affiliate';
  id: string;
  choice: SetMessagePreferenceRequest;
}): Promise<ConsentChangeAccepted> {
  const res = await apiRequest('POST', `/api/admin/consent/${options.kind}/${options.id}`, options.choice, {
    headers: { authorization: options.authorization },
  });
  return (await res.json()) as ConsentChangeAccepted;
}
