// What the read side holds about a subject set: the read-model rows as stored (every
// column, so nothing is left out by a mapper written for a screen), the messages the
// notifier sent to their addresses and the opt-outs it keeps, and the uploads they made.

import type { Queryable } from '@acres/platform';
import { AFFILIATES } from '@acres/read-models/affiliates';
import { AFFILIATE_SALES } from '@acres/read-models/affiliate-sales';
import { SUBSCRIPTIONS } from '@acres/read-models/applications';
import { USERS } from '@acres/read-models/identity';
import { LEADS } from '@acres/read-models/leads';
import { PAYMENT_HISTORY } from '@acres/read-models/payment-history';
import { PAYMENTS } from '@acres/read-models/payments';
import { redactNotificationRow } from '@acres/read-models/notifications';
import type { SubjectSet } from './subjects.ts';
import { wantedFiles, type Row } from './files.ts';

export type { Row } from './files.ts';

export type SubjectRecords = {
  users: Row[];
  leads: Row[];
  applications: Row[];
  payments: Row[];
  paymentHistory: Row[];
  affiliates: Row[];
  sales: Row[];
  messages: Row[];
  optOuts: Row[];
  /** The notifier's address book entries (name, email, phone it writes to). */
  contacts: Row[];
  uploads: Row[];
};

/** One read model's rows whose `column` is in `ids`, every column as JSON, oldest first. */
const rowsWhere = async (db: Queryable, options: { table: string; column: string; ids: string[]; order: string }) => {
  if (options.ids.length === 0) return [];
  const { rows } = await db.query<{ row: Row }>(
    `SELECT to_jsonb(t) AS row FROM ${options.table} t WHERE t.${options.column}::text = ANY($1::text[]) ORDER BY ${options.order}`,
    [options.ids],
  );
  return rows.map((row) => row.row);
};

type SubjectIds = keyof Omit<SubjectSet, 'requested'>;

/** Where each read model keeps a subject's rows: the column naming them, the set's ids it holds, and its order. */
const READ_MODEL_ROWS = {
  users: { table: USERS.table, column: 'id', ids: 'userIds', order: 't.created_at' },
  leads: { table: LEADS.table, column: 'id', ids: 'leadIds', order: 't.created_at' },
  applications: { table: SUBSCRIPTIONS.table, column: 'id', ids: 'applicationIds', order: 't.application_number' },
  payments: { table: PAYMENTS.table, column: 'user_id', ids: 'userIds', order: 't.submitted_at' },
  paymentHistory: { table: PAYMENT_HISTORY.table, column: 'user_id', ids: 'userIds', order: 't.global_position' },
  affiliates: { table: AFFILIATES.table, column: 'id', ids: 'affiliateIds', order: 't.joined_at' },
  sales: { table: AFFILIATE_SALES.table, column: 'affiliate_id', ids: 'affiliateIds', order: 't.reported_at' },
} as const satisfies Record<string, { table: string; column: string; ids: SubjectIds; order: string }>;

type ReadModelName = keyof typeof READ_MODEL_ROWS;

/** Each read model's rows of the set, one after the other (in the export's one snapshot). */
const readModelRows = async (db: Queryable, set: SubjectSet) => {
  const found = {} as Record<ReadModelName, Row[]>;
  for (const name of Object.keys(READ_MODEL_ROWS) as ReadModelName[]) {
    const source = READ_MODEL_ROWS[name];
    found[name] = await rowsWhere(db, { ...source, ids: set[source.ids] });
  }
  return found;
};

// The notifier's tables key an address as it was written; these match it the way the log's
// contact subjects do (lower-cased email, phone digits).
const ADDRESS_MATCHES = `(lower(trim(t.ADDRESS)) = ANY($1::text[]) OR regexp_replace(t.ADDRESS, '[^0-9+]', '', 'g') = ANY($2::text[]))`;

const rowsToAddresses = async (
  db: Queryable,
  options: { table: string; columns: readonly string[]; set: SubjectSet; order: string },
) => {
  if (options.set.emails.length + options.set.phones.length === 0) return [];
  const matches = options.columns.map((column) => ADDRESS_MATCHES.replaceAll('ADDRESS', column)).join(' OR ');
  const { rows } = await db.query<{ row: Row }>(
    `SELECT to_jsonb(t) AS row FROM ${options.table} t WHERE ${matches} ORDER BY ${options.order}`,
    [options.set.emails, options.set.phones.filter((phone) => /\d/.test(phone))],
  );
  return rows.map((row) => row.row);
};

/** Messages its own events caused (a lead's confirmation), whatever address they went to. */
const messagesCausedBy = async (db: Queryable, positions: readonly string[]) => {
  if (positions.length === 0) return [];
  const { rows } = await db.query<{ row: Row }>(
    // Staff alerts (admin-…) went to the business about them: the business's records, not their messages.
    "SELECT to_jsonb(t) AS row FROM notifications t WHERE t.event_position = ANY($1::bigint[]) AND t.kind NOT LIKE 'admin-%' ORDER BY t.created_at",
    [positions],
  );
  return rows.map((row) => row.row);
};

const byId = (rows: readonly Row[]) => [...new Map(rows.map((row) => [String(row.id), row])).values()];

export const readSubjectRecords = async (
  db: Queryable,
  set: SubjectSet,
  /** The log positions of the subjects' own events. */
  ownPositions: readonly string[],
): Promise<SubjectRecords> => {
  const { users, leads, applications, payments, paymentHistory, affiliates, sales } = await readModelRows(db, set);
  // Redacted as the Outbox shows them: an export goes to whoever asked for it, who may not be
  // the address's owner (a lead typed with someone else's email), so no link in it may act for them.
  const messages = byId([
    ...(await rowsToAddresses(db, { table: 'notifications', columns: ['recipient'], set, order: 't.created_at' })),
    ...(await messagesCausedBy(db, ownPositions)),
  ])
    .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)))
    .map(redactNotificationRow);
  const optOuts = await rowsToAddresses(db, { table: 'notifier_opt_outs', columns: ['address'], set, order: 't.position' });
  const contacts = await rowsToAddresses(db, { table: 'notifier_contacts', columns: ['email', 'phone'], set, order: 't.key' });
  const uploads = await rowsWhere(db, {
    table: 'uploaded_objects',
    column: 'object_path',
    ids: wantedFiles({ users, applications, payments, sales }).map((file) => file.objectPath),
    order: 't.created_at',
  });
  return { users, leads, applications, payments, paymentHistory, affiliates, sales, messages, optOuts, contacts, uploads };
};
