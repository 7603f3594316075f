// Which columns of which read model are whose personal data (contracts/src/personal-data.ts
// lists the event fields they come from), overwritten when their subject is erased.

import { ERASED } from '@acres/contracts/personal-data';
import { readSealedPositions } from '@acres/eventstore/protect';
import type { PoolClient } from '@acres/platform/db';
import { quoteIdentifier } from './projection.ts';
import { eraseColumns, idsOfKind, type ErasureContext } from './with-erasure.ts';

type Eraser = (client: PoolClient, subjects: readonly string[], context?: ErasureContext) => Promise<void>;

/** The eraser of a table whose rows belong to one kind of subject: `columns` of the rows whose `key` is an erased one's id. */
const subjectColumns =
  (kind: string, key: string, columns: readonly string[]) =>
  (table: string): Eraser =>
  (client, subjects) =>
    eraseColumns(client, { table, key, ids: idsOfKind(subjects, kind), columns });

export const eraseLeadRows = subjectColumns('lead', 'id', ['full_name', 'company', 'email', 'phone', 'phone_e164', 'notes']);

export const eraseSubscriptionRows = subjectColumns('application', 'id', [
  'surname',
  'first_name',
  'other_name',
  'date_of_birth',
  'gender',
  'nationality',
  'marital_status',
  'residential_address',
  'email',
  'phone_number',
  'city',
  'occupation',
  'work_address',
  'religion',
  'passport_photo_url',
  'kin_name',
  'kin_relationship',
  'kin_address',
  'kin_phone',
  'kin_email',
  'realtor_name',
  'realtor_mobile',
  'realtor_email',
  'decision_notes',
]);

export const eraseUserRows = subjectColumns('user', 'id', ['email', 'first_name', 'last_name', 'profile_image_url']);

export const erasePaymentRows =
  (tables: { payments: string; investors: string }): Eraser =>
  async (client, subjects) => {
    const ids = idsOfKind(subjects, 'user');
    await eraseColumns(client, {
      table: tables.payments,
      key: 'user_id',
      ids,
      columns: ['proof_image_path', 'admin_notes', 'investor_name', 'investor_email'],
    });
    await eraseColumns(client, { table: tables.investors, key: 'user_id', ids, columns: ['name', 'email'] });
  };

export const erasePaymentHistoryRows = subjectColumns('user', 'user_id', ['notes']);

export const eraseAffiliateRows = subjectColumns('affiliate', 'id', [
  'full_name',
  'email',
  'phone',
  'company_name',
  'bank_name',
  'account_number',
  'account_name',
  'marketing_channels',
]);

export const eraseSaleRows = subjectColumns('affiliate', 'affiliate_id', [
  'client_name',
  'client_phone',
  'client_email',
  'proof_image_path',
  'notes',
]);

/**
 * The Audit log's rows of events sealed for an erased subject: their notes (what the admin
 * wrote about the person) and, for consent entries, the masked address that is their actor.
 * The events are found by their sealed subject, read through the port (either store). A
 * rebuild gives no log and needs none: it writes those rows from the opened events, erased.
 */
export const eraseAuditRows =
  (table: string): Eraser =>
  async (client, subjects, context) => {
    if (!context) return;
    const positions = await readSealedPositions(context.log, { subjects, upTo: context.erasedAt });
    if (positions.length === 0) return;
    await client.query(
      `UPDATE ${quoteIdentifier(table)} AS a
          SET notes = CASE WHEN a.notes IS NULL THEN NULL ELSE $2 END,
              actor_id = CASE WHEN a.kind LIKE 'consent.%' THEN $2 ELSE a.actor_id END
        WHERE a.global_position = ANY($1::bigint[])`,
      [positions.map(String), ERASED],
    );
  };
