// The names the Audit log shows instead of ids: its actors (staff by their staff name, else
// email; investors and affiliates by their account's name, else email), the people and records
// its summaries mention, and the person or record each entry is about. Read from the read
// models when the log is read, so an erased person is simply no longer named.

import type { Queryable } from '@acres/platform';
import type { AuditLogRow } from './audit-log.ts';
import { mentionedIds, mentionKey, type MentionKind } from './mention.ts';
import { STAFF_MEMBERS } from '../staff/staff-members.ts';
import { USERS } from '../identity/users.ts';
import { LEADS } from '../leads/leads.ts';
import { AFFILIATES } from '../affiliates/affiliates.ts';
import { SUBSCRIPTIONS } from '../applications/subscriptions.ts';
import { PAYMENTS } from '../payments/payments.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The actors named on the Audit log by kind of actor: staff from the staff list, people from their accounts. */
const NAMED_ACTORS: Readonly<Record<string, 'staff' | 'account'>> = { admin: 'staff', investor: 'account', affiliate: 'account' };

type NameKind = MentionKind | 'payment';

/** One query per kind: `id` and the name to show (a name, else an email). */
const NAME_SQL: Readonly<Record<NameKind, string>> = {
  staff: `SELECT staff_id::text AS id, coalesce(nullif(trim(display_name), ''), email) AS name FROM ${STAFF_MEMBERS.table}
           WHERE staff_id = ANY($1::uuid[])`,
  account: `SELECT id::text AS id, coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), email) AS name
              FROM ${USERS.table} WHERE id = ANY($1::uuid[])`,
  lead: `SELECT id::text AS id, coalesce(nullif(trim(full_name), ''), email) AS name FROM ${LEADS.table} WHERE id = ANY($1::uuid[])`,
  affiliate: `SELECT id::text AS id, coalesce(nullif(trim(full_name), ''), email) AS name FROM ${AFFILIATES.table}
               WHERE id = ANY($1::uuid[])`,
  application: `SELECT id::text AS id, coalesce(nullif(trim(concat_ws(' ', first_name, surname)), ''), email) AS name
                  FROM ${SUBSCRIPTIONS.table} WHERE id = ANY($1::uuid[])`,
  payment: `SELECT p.id::text AS id, coalesce(nullif(trim(i.name), ''), i.email) AS name
              FROM ${PAYMENTS.table} p JOIN ${PAYMENTS.investorsTable} i USING (user_id) WHERE p.id = ANY($1::uuid[])`,
};

const PERSON_KINDS: Readonly<Record<string, MentionKind>> = {
  user: 'account',
  lead: 'lead',
  affiliate: 'affiliate',
  application: 'application',
};

/** The record an entry is about, where it has a person's name: [kind, id]. */
export const subjectOf = (row: Pick<AuditLogRow, 'subject_type' | 'subject_id'>): readonly [NameKind, string] | null => {
  const { subject_type: type, subject_id: id } = row;
  if (type === 'person') {
    const [kind = '', personId = ''] = id.split(':');
    const named = PERSON_KINDS[kind];
    return named ? [named, personId] : null;
  }
  if (type === 'lead' || type === 'affiliate' || type === 'staff' || type === 'payment') return [type, id];
  if (type === 'account') return ['account', id];
  return null;
};

const actorOf = (row: AuditLogRow): readonly [NameKind, string] | null => {
  const kind = NAMED_ACTORS[row.actor_kind];
  return kind && row.actor_id ? [kind, row.actor_id] : null;
};

/**
 * Names by `kind:id` (lower case) of every actor, subject and mention among these rows
 * (mentionKey); a kind is read only when a row names one.
 */
export const readAuditNames = async (db: Queryable, rows: readonly AuditLogRow[]) => {
  const wanted = mentionedIds(rows.map((row) => row.summary)) as Map<NameKind, Set<string>>;
  for (const found of [...rows.map(actorOf), ...rows.map(subjectOf)]) {
    if (!found || !UUID.test(found[1])) continue;
    const set = wanted.get(found[0]) ?? new Set<string>();
    set.add(found[1].toLowerCase());
    wanted.set(found[0], set);
  }
  const names = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([kind, ids]) => {
      const valid = [...ids].filter((id) => UUID.test(id));
      if (valid.length === 0) return;
      const { rows: found } = await db.query<{ id: string; name: string }>(NAME_SQL[kind], [valid]);
      for (const row of found) names.set(mentionKey(kind, row.id), row.name);
    }),
  );
  return names;
};

/** The actor's name from readAuditNames, or null. */
export const actorNameOf = (row: AuditLogRow, names: ReadonlyMap<string, string>) => {
  const actor = actorOf(row);
  return actor ? (names.get(mentionKey(...actor)) ?? null) : null;
};

/** The subject's name from readAuditNames, or null. */
export const subjectNameOf = (row: AuditLogRow, names: ReadonlyMap<string, string>) => {
  const subject = subjectOf(row);
  return subject ? (names.get(mentionKey(...subject)) ?? null) : null;
};
