// Who an export is about: the subject asked for and every subject related to it. A user
// brings their affiliate profile, the applications and leads they made signed in, and those
// made anywhere with an email the account has verified (the same rule as GET
// /api/subscriptions/mine); a typed email that was never verified joins nothing (issue 24,
// finding 2). An account's messages are those to its verified emails and phones; a lead's or an
// application's, those its own events caused, plus its verified account's when it has one.

import { DomainError } from '@acres/contracts/errors';
import { DATA_EXPORT_MESSAGES, type DataExportQuery } from '@acres/contracts/data-export';
import { normaliseAddress, subjectIdOf } from '@acres/eventstore/protect';
import { toNigerianMobileE164 } from '@acres/contracts/phone';
import type { Queryable } from '@acres/platform';
import { USERS, verifiedEmailsOf } from '@acres/read-models/identity';
import { findVerifiedPhones } from '@acres/read-models/verified-phones';

export type SubjectSet = {
  requested: DataExportQuery;
  userIds: string[];
  affiliateIds: string[];
  applicationIds: string[];
  leadIds: string[];
  /** Emails lower-cased, phones as digits and a leading + (the contact subject ids normalise them further). */
  emails: string[];
  phones: string[];
};

type ContactRow = { id: string; email: string | null; phones: (string | null)[] };

const unique = (values: readonly (string | null | undefined)[]) => [
  ...new Set(values.filter((value): value is string => typeof value === 'string' && value.trim() !== '')),
];

const idsOf = async (db: Queryable, sql: string, params: readonly unknown[]): Promise<ContactRow[]> =>
  (await db.query<ContactRow>(sql, [...params])).rows;

const notFound = () => new DomainError('not_found', DATA_EXPORT_MESSAGES.notFound);

/** The user behind an affiliate profile, or the user asked for; null when there is none. */
const userIdOf = async (db: Queryable, subject: DataExportQuery): Promise<string | null> => {
  if (subject.kind === 'user') {
    const { rows } = await db.query<{ id: string }>('SELECT id::text FROM users WHERE id = $1', [subject.id]);
    return rows[0]?.id ?? null;
  }
  const { rows } = await db.query<{ user_id: string }>('SELECT user_id::text FROM affiliates WHERE id = $1', [subject.id]);
  return rows[0]?.user_id ?? null;
};

const collectUser = async (db: Queryable, requested: DataExportQuery): Promise<SubjectSet> => {
  const userId = await userIdOf(db, requested);
  if (!userId) throw notFound();
  const [user] = await idsOf(db, 'SELECT id::text, email, ARRAY[]::text[] AS phones FROM users WHERE id = $1', [userId]);
  const affiliates = await idsOf(db, 'SELECT id::text, email, ARRAY[phone] AS phones FROM affiliates WHERE user_id = $1', [
    userId,
  ]);
  const applications = await idsOf(
    db,
    `SELECT id::text, email, ARRAY[phone_number] AS phones FROM subscriptions
      WHERE created_by_user_id = $1::uuid OR lower(email) IN ${verifiedEmailsOf(1)}`,
    [userId],
  );
  const leads = await idsOf(
    db,
    `SELECT id::text, email, ARRAY[phone, phone_e164] AS phones FROM leads
      WHERE created_by_user_id = $1::uuid OR lower(email) IN ${verifiedEmailsOf(1)}`,
    [userId],
  );
  const { rows: verified } = await db.query<{ email: string }>(`SELECT email FROM ${verifiedEmailsOf(1)} AS v(email)`, [userId]);
  // A phone joins the account's messages and opt-outs only once the account confirmed it with a
  // texted code: a number typed on a form may be a stranger's (issue 24, finding 3).
  const phones = (await findVerifiedPhones(db, userId)).map((phone) => phone.phoneE164);
  const withoutPhones = (rows: ContactRow[]) => rows.map((row) => ({ ...row, phones: [] }));
  const set = toSubjectSet(requested, {
    users: user ? [{ ...user, phones }] : [],
    affiliates: withoutPhones(affiliates),
    applications: withoutPhones(applications),
    leads: withoutPhones(leads),
  });
  // Messages and opt-outs by email, likewise: only to the addresses the account has shown it owns.
  return { ...set, emails: unique(verified.map((row) => row.email)).map(normaliseAddress) };
};

/** The account that has verified this email, if any: the one person a typed email may be trusted to name. */
const verifiedOwnerOf = async (db: Queryable, email: string | null): Promise<string | null> => {
  if (!email) return null;
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT user_id::text FROM ${USERS.verifiedEmailsTable} WHERE email = $1 ORDER BY verified_at LIMIT 1`,
    [normaliseAddress(email)],
  );
  return rows[0]?.user_id ?? null;
};

/**
 * A lead or an application: the record and its own verified account (issue 24, item 3). Its
 * typed email and phone may be anyone's, so no message, opt-out or contact is joined by them:
 * without a verified account the export holds the record, its own events and the messages they
 * caused (records.ts), and nothing sent to the address for anyone else.
 */
const collectOne = async (db: Queryable, requested: DataExportQuery, table: 'subscriptions' | 'leads') => {
  const rows = await idsOf(db, `SELECT id::text, email, ARRAY[]::text[] AS phones FROM ${table} WHERE id = $1`, [requested.id]);
  const [record] = rows;
  if (!record) throw notFound();
  const ownerId = await verifiedOwnerOf(db, record.email);
  if (ownerId) {
    const owner = await collectUser(db, { kind: 'user', id: ownerId });
    const ids = table === 'subscriptions' ? owner.applicationIds : owner.leadIds;
    if (!ids.includes(record.id)) ids.push(record.id);
    return { ...owner, requested };
  }
  const set = toSubjectSet(requested, {
    users: [],
    affiliates: [],
    applications: table === 'subscriptions' ? rows : [],
    leads: table === 'leads' ? rows : [],
  });
  return { ...set, emails: [], phones: [] };
};

const toSubjectSet = (
  requested: DataExportQuery,
  found: Record<'users' | 'affiliates' | 'applications' | 'leads', ContactRow[]>,
): SubjectSet => {
  const all = Object.values(found).flat();
  return {
    requested,
    userIds: found.users.map((row) => row.id),
    affiliateIds: found.affiliates.map((row) => row.id),
    applicationIds: found.applications.map((row) => row.id),
    leadIds: found.leads.map((row) => row.id),
    emails: unique(all.map((row) => row.email)).map(normaliseAddress),
    // As typed and in E.164, the form messages and opt-outs are addressed to.
    phones: unique(
      all
        .flatMap((row) => row.phones)
        .flatMap((phone) => (phone ? [phone, toNigerianMobileE164(phone)] : []))
        // Digits and the leading +, as ADDRESS_MATCHES compares them (the notifier addresses E.164 with its +).
        .map((phone) => (phone ? phone.replace(/[^\d+]/g, '') : null)),
    ),
  };
};

/** Every subject the export covers; 404 when the one asked for is not known. */
export const collectSubjects = (db: Queryable, requested: DataExportQuery): Promise<SubjectSet> => {
  switch (requested.kind) {
    case 'user':
    case 'affiliate':
      return collectUser(db, requested);
    case 'application':
      return collectOne(db, requested, 'subscriptions');
    case 'lead':
      return collectOne(db, requested, 'leads');
    default: {
      const unknown: never = requested.kind;
      throw new Error(`Unknown subject kind ${String(unknown)}`);
    }
  }
};

/** The key-holder ids their sealed events are stored under (`$pii.s`). */
export const subjectIdsOf = (set: Omit<SubjectSet, 'requested'>): string[] => [
  ...set.userIds.map((id) => subjectIdOf({ kind: 'user', id })),
  ...set.affiliateIds.map((id) => subjectIdOf({ kind: 'affiliate', id })),
  ...set.applicationIds.map((id) => subjectIdOf({ kind: 'application', id })),
  ...set.leadIds.map((id) => subjectIdOf({ kind: 'lead', id })),
  ...[...set.emails, ...set.phones].map((address) => subjectIdOf({ kind: 'contact', channel: 'email', address })),
];
