import type { AdminLeadsResponse, Lead } from '@acres/contracts/lead';
import type { Queryable } from '@acres/platform';
import { containsAny, toSearchPattern } from './search.ts';

type LeadRow = {
  id: string;
  full_name: string;
  company: string | null;
  email: string;
  phone_e164: string;
  role: Lead['role'];
  intended_acres: number;
  price_band: string;
  commitment: Lead['commitment'];
  notes: string | null;
  consent: boolean;
  referral_code: string | null;
  created_at: Date;
  // created_at to the microsecond: a JS Date keeps milliseconds only, which would make
  // a keyset cursor skip or repeat leads created within the same millisecond.
  cursor_at: string;
};

/** Where the next keyset page starts: strictly older than this lead in (created_at, id) order. */
export type LeadCursor = { createdAt: string; id: string };

const COLUMNS = `id, full_name, company, email, phone_e164, role, intended_acres, price_band, commitment,
  notes, consent, referral_code, created_at,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;

const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';

// The raw phone as typed is searched as well as the E.164 form, so "0803" finds a lead.
const SEARCHED_COLUMNS = ['full_name', 'email', 'company', 'phone', 'phone_e164'] as const;

const toLead = (row: LeadRow): Lead => ({
  id: row.id,
  fullName: row.full_name,
  company: row.company,
  email: row.email,
  phoneE164: row.phone_e164,
  role: row.role,
  intendedAcres: row.intended_acres,
  priceBand: row.price_band,
  commitment: row.commitment,
  notes: row.notes,
  consent: row.consent,
  referralCode: row.referral_code,
  createdAt: row.created_at.toISOString(),
});

/** The admin's lead list: newest first, offset paging, total counted over the same search. */
export const listLeads = async (
  db: Queryable,
  query: { limit: number; offset: number; search?: string | undefined },
): Promise<AdminLeadsResponse> => {
  const pattern = toSearchPattern(query.search);
  const where = pattern ? `WHERE ${containsAny(SEARCHED_COLUMNS, 1)}` : '';
  const filter = pattern ? [pattern] : [];
  const next = filter.length + 1;
  const [page, count] = await Promise.all([
    db.query<LeadRow>(`SELECT ${COLUMNS} FROM leads ${where} ${NEWEST_FIRST} LIMIT $${next} OFFSET $${next + 1}`, [
      ...filter,
      query.limit,
      query.offset,
    ]),
    db.query<{ total: number }>(`SELECT count(*) AS total FROM leads ${where}`, filter),
  ]);
  return { total: count.rows[0]?.total ?? 0, leads: page.rows.map(toLead) };
};

/**
 * One keyset page for streaming every lead: each page costs the same however deep the
 * export has gone, unlike OFFSET, and leads created meanwhile never shift the pages.
 */
export const readLeadsPage = async (
  db: Queryable,
  options: { after?: LeadCursor | undefined; limit: number; search?: string | undefined },
): Promise<{ leads: Lead[]; next: LeadCursor | undefined }> => {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const pattern = toSearchPattern(options.search);
  if (pattern) {
    values.push(pattern);
    conditions.push(containsAny(SEARCHED_COLUMNS, values.length));
  }
  if (options.after) {
    values.push(options.after.createdAt, options.after.id);
    conditions.push(`(created_at, id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
  }
  values.push(options.limit);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const { rows } = await db.query<LeadRow>(`SELECT ${COLUMNS} FROM leads ${where} ${NEWEST_FIRST} LIMIT $${values.length}`, values);
  const last = rows.at(-1);
  const next = last && rows.length === options.limit ? { createdAt: last.cursor_at, id: last.id } : undefined;
  return { leads: rows.map(toLead), next };
};
