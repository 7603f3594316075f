import {
  type AffiliateStatusChanged,
  AffiliateStatusChangedSchema,
  type ReactivateAffiliate,
  type SuspendAffiliate,
} from '@acres/contracts';
import { AffiliateStatementAsOfSchema } from '@acres/contracts/as-of';
import { type AsOf, withAsOf } from '@/components/as-of/as-of-query';
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

/** Any affiliate's monthly statement ('YYYY-MM'), as the affiliate sees their own, now or as of a moment. */
export function useAdminAffiliateStatement(userId: string | null, month: string, asOf: AsOf = null) {
  return useAdminQuery(
    userId ? withAsOf(`${accountPath(userId)}/statements?month=${encodeURIComponent(month)}`, asOf) : null,
    AffiliateStatementAsOfSchema,
    // Never the rows of another month or moment while the asked one loads.
    { keepPreviousData: false },
  );
}

export function downloadAdminStatementCsv(authorization: string, userId: string, month: string, asOf: AsOf = null) {
  return downloadAdminCsv(
    authorization,
    withAsOf(`${accountPath(userId)}/statements.csv?month=${encodeURIComponent(month)}`, asOf),
    `affiliate-statement-${month}.csv`,
  );
}
