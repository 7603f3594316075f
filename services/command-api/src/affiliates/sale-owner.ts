import type { Queryable } from '@acres/platform/db';

/** Whose stream a sale is on, from the affiliate_sales read model; null when it is not (yet) projected. */
export type FindSaleOwner = (saleId: string) => Promise<string | null>;

export const createSaleOwnerLookup =
  (db: Queryable): FindSaleOwner =>
  async (saleId) => {
    const { rows } = await db.query<{ affiliate_user_id: string }>('SELECT affiliate_user_id::text FROM affiliate_sales WHERE id = $1', [saleId]);
    return rows[0]?.affiliate_user_id ?? null;
  };
