import {
  AffiliateStatementSchema,
  type AffiliateStatusChanged,
  AffiliateStatusChangedSchema,
  type ReactivateAffiliate,
  type SuspendAffiliate,
} from '@acres/contracts';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';
import { apiRequest } from '@/lib/api-client';
import { downloadAdminCsv } from './download-csv';

const accountPath = (userId: string) => `/api/admin/affiliates/${encodeURIComponent(userId)}`;

/** POST …/suspend or …/reactivate: an admin command on the affiliate's account, named by its userId. */
export async function changeAffiliateAccount(
  authorization: string,
  userId: string,
  change: ({ kind: 'suspend' } & SuspendAffiliate) | ({ kind: 'reactivate' } & ReactivateAffiliate),
): Promise<AffiliateStatusChanged> {
  const { kind, ...body } = change;
  const res = await apiRequest('POST', `${accountPath(userId)}/${kind}`, body, { headers: { authorization } });
  return AffiliateStatusChangedSchema.parse(await res.json());
}

/** Any affiliate's monthly statement ('YYYY-MM'), as the affiliate sees their own. */
export function useAdminAffiliateStatement(userId: string | null, month: string) {
  return useAdminQuery(
    userId ? `${accountPath(userId)}/statements?month=${encodeURIComponent(month)}` : null,
    AffiliateStatementSchema,
  );
}

export function downloadAdminStatementCsv(authorization: string, userId: string, month: string) {
  return downloadAdminCsv(
    authorization,
    `${accountPath(userId)}/statements.csv?month=${encodeURIComponent(month)}`,
    `affiliate-statement-${month}.csv`,
  );
}
