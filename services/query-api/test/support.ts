// Helpers for the query API's integration tests: read-model rows written straight into
// the database under test (the read model is what these tests exercise).

import { randomUUID } from 'node:crypto';
import type { Queryable } from '@acres/platform';

export const ADMIN = { username: 'admin', password: 'correct horse battery staple' };

export const basicAuth = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;

export const ADMIN_AUTH = { authorization: basicAuth(ADMIN.username, ADMIN.password) };

export type LeadRowInput = {
  id?: string;
  fullName?: string;
  company?: string | null;
  email?: string;
  phone?: string;
  phoneE164?: string;
  role?: string;
  intendedAcres?: number;
  commitment?: string;
  notes?: string | null;
  consent?: boolean;
  referralCode?: string | null;
  createdAt?: string;
};

export const insertLead = async (db: Queryable, input: LeadRowInput = {}) => {
  const id = input.id ?? randomUUID();
  await db.query(
    `INSERT INTO leads (id, full_name, company, email, phone, phone_e164, role, intended_acres, commitment,
       notes, consent, referral_code, created_at, global_position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 1)`,
    [
      id,
      input.fullName ?? 'Ada Obi',
      input.company ?? null,
      input.email ?? `${id.slice(0, 8)}@example.com`,
      input.phone ?? '0803 555 0142',
      input.phoneE164 ?? '+2348035550142',
      input.role ?? 'Investor',
      input.intendedAcres ?? 20,
      input.commitment ?? 'Immediately',
      input.notes ?? null,
      input.consent ?? true,
      input.referralCode ?? null,
      input.createdAt ?? new Date().toISOString(),
    ],
  );
  await countLeads(db, 1);
  return id;
};

/** n leads one second apart, the newest at `newest`; returns nothing, the order is by created_at. */
export const insertManyLeads = async (db: Queryable, options: { count: number; newest?: string }) => {
  await db.query(
    `INSERT INTO leads (id, full_name, company, email, phone, phone_e164, role, intended_acres, commitment,
       notes, consent, created_at, global_position)
     SELECT gen_random_uuid(), 'Lead ' || n, CASE WHEN n % 3 = 0 THEN 'Firm, "Ltd"' END, 'lead' || n || '@example.com',
       '0803 555 0142', '+2348035550142', 'Developer', 1 + n % 200, '7 days',
       CASE WHEN n % 5 = 0 THEN E'line one\nline two' END, true,
       $2::timestamptz - make_interval(secs => n), n
     FROM generate_series(1, $1::int) AS n`,
    [options.count, options.newest ?? '2025-06-01T12:00:00Z'],
  );
  await countLeads(db, options.count);
};

/** As the admin-counters projection does for each SlotReserved it counts beside the leads projection's row. */
const countLeads = async (db: Queryable, count: number) => {
  await db.query('UPDATE admin_counters SET total_leads = total_leads + $1 WHERE id', [count]);
};

export const setCheckpoint = async (db: Queryable, name: string, position: number, status = 'running') => {
  await db.query(
    `INSERT INTO projection_checkpoints (name, position, status) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, status = EXCLUDED.status, updated_at = now()`,
    [name, position, status],
  );
};

/** A strict RFC 4180 parser, so the tests read the CSV the way a spreadsheet does. */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else if (char === '"' || char === '\r' || char === '\n') {
      throw new Error(`malformed CSV at offset ${i}: bare ${JSON.stringify(char)}`);
    } else cell += char;
  }
  if (quoted) throw new Error('malformed CSV: unterminated quote');
  if (cell !== '' || row.length > 0) throw new Error('malformed CSV: last row lacks CRLF');
  return rows;
};
