// Which of a person's contacts (email, phone) erasure may shred (issue 24, item 4). A contact's
// key seals every consent event and message about that address, whoever it belongs to: an
// address still on a live lead, application, account or affiliate record outside the person
// being erased is someone else's too (a family's phone, a record that was not joined to this
// person), and shredding it would make that record's messages and choices unreadable.

import type { Queryable } from '@acres/platform/db';
import { normaliseAddress, subjectIdOf } from '@acres/eventstore/protect';
import type { Person } from './find-person.ts';

// Erased records read ERASED in these columns, so they never match: only live records count.
const OTHER_EMAIL_SQL = `SELECT lower(email) AS address FROM (
    SELECT id::text AS id, 'lead' AS kind, email FROM leads
    UNION ALL SELECT id::text, 'application', email FROM subscriptions
    UNION ALL SELECT id::text, 'user', email FROM users
    UNION ALL SELECT id::text, 'affiliate', email FROM affiliates) AS r
  WHERE lower(email) = ANY($1::text[]) AND NOT (kind || ':' || id = ANY($2::text[]))`;

// Phones by their digits, as a contact's subject is (normaliseAddress): '+234 803…' and '0803…' differ there.
const OTHER_PHONE_SQL = `SELECT digits AS address FROM (
    SELECT id::text AS id, 'lead' AS kind, regexp_replace(phone, '\\D', '', 'g') AS digits FROM leads
    UNION ALL SELECT id::text, 'lead', regexp_replace(phone_e164, '\\D', '', 'g') FROM leads
    UNION ALL SELECT id::text, 'application', regexp_replace(phone_number, '\\D', '', 'g') FROM subscriptions
    UNION ALL SELECT id::text, 'affiliate', regexp_replace(phone, '\\D', '', 'g') FROM affiliates) AS r
  WHERE digits = ANY($1::text[]) AND NOT (kind || ':' || id = ANY($2::text[]))`;

const ownRecordsOf = (person: Person) => [
  ...[...person.leads].map((id) => `lead:${id}`),
  ...[...person.applications].map((id) => `application:${id}`),
  ...[...person.users].map((id) => `user:${id}`),
  ...[...person.affiliates].map((id) => `affiliate:${id}`),
];

/** The contact subjects of the person that another live record still uses: their keys are kept. */
export const findSharedContacts = async (db: Queryable, person: Person): Promise<Set<string>> => {
  const own = ownRecordsOf(person);
  const emails = [...person.emails].map((email) => normaliseAddress(email));
  const phones = [...new Set([...person.phones].map((phone) => normaliseAddress(phone)))].filter((digits) => digits !== '');
  const [byEmail, byPhone] = await Promise.all([
    db.query<{ address: string }>(OTHER_EMAIL_SQL, [emails, own]),
    db.query<{ address: string }>(OTHER_PHONE_SQL, [phones, own]),
  ]);
  return new Set([
    ...byEmail.rows.map((row) => subjectIdOf({ kind: 'contact', channel: 'email', address: row.address })),
    ...byPhone.rows.map((row) => subjectIdOf({ kind: 'contact', channel: 'sms', address: row.address })),
  ]);
};
