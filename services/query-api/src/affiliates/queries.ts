import type { AdminAffiliatesResponse } from '@acres/contracts/affiliate-reads';
import type { Affiliate } from '@acres/contracts/affiliate';
import type { Queryable } from '@acres/platform';
import { AFFILIATE_SALES } from '@acres/read-models/affiliate-sales';
import {
  AFFILIATE_VIEW_COLUMNS,
  AFFILIATES,
  toAdminAffiliate,
  toAffiliate,
  type AdminAffiliateView,
  type AffiliateView,
} from '@acres/read-models/affiliates';

/** The signed-in user's own profile, or null when they have not registered as an affiliate. */
export const readOwnAffiliate = async (db: Queryable, userId: string): Promise<Affiliate | null> => {
  const { rows } = await db.query<AffiliateView>(
    `SELECT ${AFFILIATE_VIEW_COLUMNS} FROM ${AFFILIATES.table} a WHERE a.user_id = $1`,
    [userId],
  );
  return rows[0] ? toAffiliate(rows[0]) : null;
};

/** Whether the user has a profile: the gate of every affiliate read (404 otherwise). */
export const hasAffiliateProfile = async (db: Queryable, userId: string): Promise<boolean> => {
  const { rows } = await db.query(`SELECT 1 FROM ${AFFILIATES.table} WHERE user_id = $1`, [userId]);
  return rows.length > 0;
};

/**
 * The admin's list: newest first with offset paging, each affiliate with their sales in
 * figures, counted per affiliate through the (affiliate_user_id, …) index.
 */
export const listAffiliates = async (
  db: Queryable,
  query: { limit: number; offset: number },
): Promise<AdminAffiliatesResponse> => {
  const [page, count] = await Promise.all([
    db.query<AdminAffiliateView>(
      `SELECT ${AFFILIATE_VIEW_COLUMNS}, s.total_sales, s.pending_sales, s.rejected_sales, s.total_commissions
         FROM ${AFFILIATES.table} a
         CROSS JOIN LATERAL (
           SELECT count(*) FILTER (WHERE status <> 'rejected') AS total_sales,
                  count(*) FILTER (WHERE status = 'pending') AS pending_sales,
                  count(*) FILTER (WHERE status = 'rejected') AS rejected_sales,
                  COALESCE(sum(computed_commission) FILTER (WHERE status = 'verified'), 0) AS total_commissions
             FROM ${AFFILIATE_SALES.table} WHERE affiliate_user_id = a.user_id
         ) s
        ORDER BY a.joined_at DESC, a.id DESC
        LIMIT $1 OFFSET $2`,
      [query.limit, query.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*) AS total FROM ${AFFILIATES.table}`),
  ]);
  return { total: count.rows[0]?.total ?? 0, affiliates: page.rows.map(toAdminAffiliate) };
};
