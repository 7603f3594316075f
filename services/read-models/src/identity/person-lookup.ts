// Who a record's person is (issue 14 item 2), read from the read models for the command
// side's erasure: the record itself, an account's affiliate record and the other way round,
// and the contacts (email, phone) messages went to. An email joins records only where an
// account has shown it owns it (issue 24): an account brings what it made signed in and the
// leads and applications made with an email it has verified; a lead or an application brings
// the account that verified its email (and so that account's records), never another lead or
// application merely typed with the same email, which may be anyone's. An unverified account's
// typed email is not its contact either. Phones alone never join records: a family shares one
// more often than an email.

import { ERASED, type ErasableKind } from '@acres/contracts/personal-data';
import type { Person, PersonLookup, RecordRef } from '@acres/contracts/erasure';
import { toE164 } from '@acres/contracts/phone';
import type { Queryable } from '@acres/platform/db';
import { verifiedEmailsOf } from './users.ts';

const MAX_RECORDS = 100;

type Row = Record<string, string | number | null>;

const keep = (set: Set<string>, value: string | null | undefined) => {
  if (value && value !== ERASED) set.add(value);
};

// Erased records read ERASED in these columns, so they never match: only live records count.
const EMAILS_IN_USE_SQL = `SELECT DISTINCT lower(email) AS address FROM (
    SELECT id::text AS id, 'lead' AS kind, email FROM leads
    UNION ALL SELECT id::text, 'application', email FROM subscriptions
    UNION ALL SELECT id::text, 'user', email FROM users
    UNION ALL SELECT id::text, 'affiliate', email FROM affiliates) AS r
  WHERE lower(email) = ANY($1::text[]) AND NOT (kind || ':' || id = ANY($2::text[]))`;

// Phones by their digits: '+234 803…' and '0803…' are different digits.
const PHONE_DIGITS_IN_USE_SQL = `SELECT DISTINCT digits AS address FROM (
    SELECT id::text AS id, 'lead' AS kind, regexp_replace(phone, '\\D', '', 'g') AS digits FROM leads
    UNION ALL SELECT id::text, 'lead', regexp_replace(phone_e164, '\\D', '', 'g') FROM leads
    UNION ALL SELECT id::text, 'application', regexp_replace(phone_number, '\\D', '', 'g') FROM subscriptions
    UNION ALL SELECT id::text, 'affiliate', regexp_replace(phone, '\\D', '', 'g') FROM affiliates) AS r
  WHERE digits = ANY($1::text[]) AND NOT (kind || ':' || id = ANY($2::text[]))`;

/** The read models' answers to the erasure's questions about a person. */
export const createPersonLookup = (db: Queryable): PersonLookup => {
  const rows = async (sql: string, params: unknown[]) => (await db.query<Row>(sql, params)).rows;

  /** The accounts that have verified this email: a lead's or an application's email joins them alone. */
  const accountsVerifying = async (email: unknown): Promise<RecordRef[]> => {
    if (typeof email !== 'string' || email === ERASED) return [];
    const found = await rows(`SELECT user_id::text AS id FROM user_verified_emails WHERE email = lower(trim($1))`, [email]);
    return found.map((row) => ({ kind: 'user', id: String(row.id) }));
  };

  /** An account's leads and applications: made while it was signed in, or with an email it has verified. */
  const recordsOfAccount = async (userId: string): Promise<RecordRef[]> => {
    const found = await rows(
      `SELECT 'lead' AS kind, id::text AS id FROM leads
        WHERE created_by_user_id = $1::uuid OR lower(email) IN ${verifiedEmailsOf(1)}
       UNION ALL SELECT 'application', id::text FROM subscriptions
        WHERE created_by_user_id = $1::uuid OR lower(email) IN ${verifiedEmailsOf(1)}`,
      [userId],
    );
    return found.map((row) => ({ kind: row.kind as ErasableKind, id: String(row.id) }));
  };

  const visitRecord = async (person: Person, { kind, id }: RecordRef, pending: RecordRef[]): Promise<boolean> => {
    const email = (value: unknown) => keep(person.emails, typeof value === 'string' ? value.trim().toLowerCase() : null);
    // Messages go to the E.164 form; the form's own spelling is kept too, as typed into a STOP reply's sender.
    const phone = (value: unknown) => {
      if (typeof value !== 'string') return;
      keep(person.phones, value);
      keep(person.phones, toE164(value));
    };
    switch (kind) {
      case 'lead': {
        const [row] = await rows('SELECT email, phone, phone_e164, created_at::date::text AS day FROM leads WHERE id = $1', [id]);
        if (!row) return false;
        email(row.email);
        phone(row.phone);
        phone(row.phone_e164);
        person.records.push({ kind: 'lead', id, label: `Lead of ${row.day}` });
        pending.push(...(await accountsVerifying(row.email)));
        return true;
      }
      case 'application': {
        const [row] = await rows(
          'SELECT application_number, email, phone_number, passport_photo_url FROM subscriptions WHERE id = $1',
          [id],
        );
        if (!row) return false;
        email(row.email);
        phone(row.phone_number);
        keep(person.objectPaths, row.passport_photo_url as string | null);
        person.records.push({ kind: 'application', id, label: `Application ${row.application_number}` });
        pending.push(...(await accountsVerifying(row.email)));
        return true;
      }
      case 'user': {
        const [row] = await rows('SELECT email FROM users WHERE id = $1', [id]);
        if (!row) return false;
        // Its contacts are the addresses it has verified; the one typed at sign-up may be anyone's.
        for (const verified of await rows(`SELECT email FROM ${verifiedEmailsOf(1)} AS v(email)`, [id])) email(verified.email);
        person.records.push({ kind: 'user', id, label: 'Investor account' });
        pending.push(...(await recordsOfAccount(id)));
        for (const payment of await rows(
          'SELECT id::text AS id, amount, acres, proof_image_path FROM payments WHERE user_id = $1 ORDER BY submitted_at',
          [id],
        )) {
          keep(person.objectPaths, payment.proof_image_path as string | null);
          const label = `Payment of ₦${payment.amount} for ${payment.acres} acres`;
          person.records.push({ kind: 'payment', id: String(payment.id), label });
        }
        for (const affiliate of await rows('SELECT id::text AS id FROM affiliates WHERE user_id = $1', [id]))
          pending.push({ kind: 'affiliate', id: String(affiliate.id) });
        return true;
      }
      case 'affiliate': {
        const [row] = await rows('SELECT user_id::text AS user_id, email, phone, referral_code FROM affiliates WHERE id = $1', [
          id,
        ]);
        if (!row) return false;
        email(row.email);
        phone(row.phone);
        person.records.push({ kind: 'affiliate', id, label: `Affiliate ${row.referral_code}` });
        pending.push({ kind: 'user', id: String(row.user_id) });
        for (const sale of await rows(
          'SELECT id::text AS id, acres, proof_image_path FROM affiliate_sales WHERE affiliate_id = $1 ORDER BY reported_at',
          [id],
        )) {
          keep(person.objectPaths, sale.proof_image_path as string | null);
          person.records.push({ kind: 'sale', id: String(sale.id), label: `Sale of ${sale.acres} acres` });
        }
        return true;
      }
      default:
        return kind satisfies never;
    }
  };

  return {
    findPerson: async (target) => {
      const person: Person = {
        leads: new Set(),
        applications: new Set(),
        users: new Set(),
        affiliates: new Set(),
        emails: new Set(),
        phones: new Set(),
        records: [],
        objectPaths: new Set(),
      };
      const sets = { lead: person.leads, application: person.applications, user: person.users, affiliate: person.affiliates };
      const pending: RecordRef[] = [target];
      for (let next = pending.shift(); next; next = pending.shift()) {
        if (sets[next.kind].has(next.id) || person.records.length >= MAX_RECORDS) continue;
        const found = await visitRecord(person, next, pending);
        if (!found && next === target) return null;
        if (found) sets[next.kind].add(next.id);
      }
      return person;
    },

    findAddressesInUse: async (query) => {
      const except = query.except.map((record) => `${record.kind}:${record.id}`);
      const [emails, phoneDigits] = await Promise.all([
        rows(EMAILS_IN_USE_SQL, [query.emails, except]),
        rows(PHONE_DIGITS_IN_USE_SQL, [query.phoneDigits, except]),
      ]);
      return { emails: emails.map((row) => String(row.address)), phoneDigits: phoneDigits.map((row) => String(row.address)) };
    },
  };
};
