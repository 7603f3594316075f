// Who a record's person is (issue 14 item 2), read from the read models: the record itself,
// every lead, application, account and affiliate record with the same email (we treat one
// email as one person: a data subject asking to be erased means all of it, and the admin sees
// the list before confirming), an account's affiliate record and the other way round, and
// the contacts (email, phone) messages went to. Phones alone never join records: a family
// shares one more often than an email.

import { ERASED, type ErasableKind } from '@acres/contracts/personal-data';
import type { ErasureRecord } from '@acres/contracts/erasure';
import { toE164 } from '@acres/contracts/phone';
import type { Queryable } from '@acres/platform/db';
import { subjectIdOf } from '@acres/eventstore/protect';

export type Person = {
  leads: Set<string>;
  applications: Set<string>;
  users: Set<string>;
  affiliates: Set<string>;
  emails: Set<string>;
  phones: Set<string>;
  records: ErasureRecord[];
  /** Uploaded object paths: payment proofs, the passport photo, sale proofs. */
  objectPaths: Set<string>;
};

const MAX_RECORDS = 100;

const keep = (set: Set<string>, value: string | null | undefined) => {
  if (value && value !== ERASED) set.add(value);
};

type Row = Record<string, string | number | null>;

const rows = async (db: Queryable, sql: string, params: unknown[]) => (await db.query<Row>(sql, params)).rows;

/** The person of one record; null when the record is not in the read models (unknown, or not projected yet). */
export const findPerson = async (db: Queryable, target: { kind: ErasableKind; id: string }): Promise<Person | null> => {
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
  const pending: { kind: ErasableKind; id: string }[] = [target];
  const seenEmails = new Set<string>();
  for (let next = pending.shift(); next; next = pending.shift()) {
    if (sets[next.kind].has(next.id) || person.records.length >= MAX_RECORDS) continue;
    const found = await visitRecord(db, person, next.kind, next.id, pending);
    if (!found && next === target) return null;
    if (found) sets[next.kind].add(next.id);
    for (const email of person.emails) {
      if (seenEmails.has(email)) continue;
      seenEmails.add(email);
      pending.push(...(await recordsWithEmail(db, email)));
    }
  }
  return person;
};

const recordsWithEmail = async (db: Queryable, email: string) => {
  const found = await rows(
    db,
    `SELECT 'lead' AS kind, id::text AS id FROM leads WHERE lower(email) = $1
     UNION ALL SELECT 'application', id::text FROM subscriptions WHERE lower(email) = $1
     UNION ALL SELECT 'user', id::text FROM users WHERE lower(email) = $1
     UNION ALL SELECT 'affiliate', id::text FROM affiliates WHERE lower(email) = $1`,
    [email],
  );
  return found.map((row) => ({ kind: row.kind as ErasableKind, id: String(row.id) }));
};

const visitRecord = async (
  db: Queryable,
  person: Person,
  kind: ErasableKind,
  id: string,
  pending: { kind: ErasableKind; id: string }[],
): Promise<boolean> => {
  const email = (value: unknown) => keep(person.emails, typeof value === 'string' ? value.trim().toLowerCase() : null);
  // Messages go to the E.164 form; the form's own spelling is kept too, as typed into a STOP reply's sender.
  const phone = (value: unknown) => {
    if (typeof value !== 'string') return;
    keep(person.phones, value);
    keep(person.phones, toE164(value));
  };
  switch (kind) {
    case 'lead': {
      const [row] = await rows(db, 'SELECT email, phone, phone_e164, created_at::date::text AS day FROM leads WHERE id = $1', [
        id,
      ]);
      if (!row) return false;
      email(row.email);
      phone(row.phone);
      phone(row.phone_e164);
      person.records.push({ kind: 'lead', id, label: `Lead of ${row.day}` });
      return true;
    }
    case 'application': {
      const [row] = await rows(
        db,
        'SELECT application_number, email, phone_number, passport_photo_url FROM subscriptions WHERE id = $1',
        [id],
      );
      if (!row) return false;
      email(row.email);
      phone(row.phone_number);
      keep(person.objectPaths, row.passport_photo_url as string | null);
      person.records.push({ kind: 'application', id, label: `Application ${row.application_number}` });
      return true;
    }
    case 'user': {
      const [row] = await rows(db, 'SELECT email FROM users WHERE id = $1', [id]);
      if (!row) return false;
      email(row.email);
      person.records.push({ kind: 'user', id, label: 'Investor account' });
      for (const payment of await rows(
        db,
        'SELECT id::text AS id, amount, acres, proof_image_path FROM payments WHERE user_id = $1 ORDER BY submitted_at',
        [id],
      )) {
        keep(person.objectPaths, payment.proof_image_path as string | null);
        person.records.push({
          kind: 'payment',
          id: String(payment.id),
          label: `Payment of ₦${payment.amount} for ${payment.acres} acres`,
        });
      }
      for (const object of await rows(
        db,
        "SELECT object_path FROM uploaded_objects WHERE owner_kind = 'user' AND owner_id = $1",
        [id],
      ))
        keep(person.objectPaths, object.object_path as string);
      for (const affiliate of await rows(db, 'SELECT id::text AS id FROM affiliates WHERE user_id = $1', [id]))
        pending.push({ kind: 'affiliate', id: String(affiliate.id) });
      return true;
    }
    case 'affiliate': {
      const [row] = await rows(db, 'SELECT user_id::text AS user_id, email, phone, referral_code FROM affiliates WHERE id = $1', [
        id,
      ]);
      if (!row) return false;
      email(row.email);
      phone(row.phone);
      person.records.push({ kind: 'affiliate', id, label: `Affiliate ${row.referral_code}` });
      pending.push({ kind: 'user', id: String(row.user_id) });
      for (const sale of await rows(
        db,
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

/** Every key holder of the person: their records' subjects and their contacts'. */
export const subjectsOf = (person: Person): string[] => {
  const subjects = new Set<string>();
  for (const id of person.leads) subjects.add(subjectIdOf({ kind: 'lead', id }));
  for (const id of person.applications) subjects.add(subjectIdOf({ kind: 'application', id }));
  for (const id of person.users) subjects.add(subjectIdOf({ kind: 'user', id }));
  for (const id of person.affiliates) subjects.add(subjectIdOf({ kind: 'affiliate', id }));
  // SMS and WhatsApp share a phone's subject; the channel only matters for the digest's input.
  for (const address of person.emails) subjects.add(subjectIdOf({ kind: 'contact', channel: 'email', address }));
  for (const address of person.phones) subjects.add(subjectIdOf({ kind: 'contact', channel: 'sms', address }));
  return [...subjects];
};
