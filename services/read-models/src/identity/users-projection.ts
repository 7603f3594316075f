// SPEC 3 users, from UserRegistered and UserProfileUpdated, and the addresses each account
// has verified, from UserEmailVerified (the tables and their rows: @acres/read-models/identity).
//
// Idempotency: a registration is inserted ON CONFLICT (id) DO NOTHING, and an update
// only applies to a row whose global_position is older than the event, so a replayed
// event changes nothing.

import { ERASED } from '@acres/contracts/personal-data';
import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { USER_COLUMNS, USER_VERIFIED_EMAIL_COLUMNS, USERS, type UserRow, type UserVerifiedEmailRow } from './users.ts';
import type { RowToWrite } from '../shared/read-model.ts';
import { createBulkInsert } from '../shared/projection/bulk-insert.ts';
import { mapEvents, ofKind, parseEventData, quoteIdentifier, type Projection } from '../shared/projection/projection.ts';
import {
  defineProjection,
  toColumnArrays,
  resolveTarget,
  type ProjectionTarget,
} from '../shared/projection/define-projection.ts';
import { eraseUserRows } from '../shared/projection/erasers.ts';
import { idsOfKind } from '../shared/projection/with-erasure.ts';

type ProfileUpdate = {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  updatedAt: string;
  position: string;
};

type Parsed =
  | { kind: 'registered'; row: RowToWrite<UserRow> }
  | { kind: 'updated'; update: ProfileUpdate }
  | { kind: 'verified'; row: RowToWrite<UserVerifiedEmailRow> | null };

const parse = (event: RecordedEvent): Parsed => {
  if (event.type === 'UserRegistered') {
    const data = parseEventData('UserRegistered', event);
    return {
      kind: 'registered',
      row: {
        id: data.userId,
        email: data.email,
        first_name: data.firstName,
        last_name: data.lastName,
        profile_image_url: data.profileImageUrl,
        auth_provider: data.authProvider ?? null,
        created_at: data.registeredAt,
        updated_at: data.registeredAt,
        global_position: event.globalPosition.toString(),
      },
    };
  }
  if (event.type === 'UserProfileUpdated') {
    const data = parseEventData('UserProfileUpdated', event);
    return {
      kind: 'updated',
      update: {
        id: data.userId,
        email: data.email ?? null,
        firstName: data.firstName,
        lastName: data.lastName,
        profileImageUrl: data.profileImageUrl,
        updatedAt: data.updatedAt,
        position: event.globalPosition.toString(),
      },
    };
  }
  if (event.type === 'UserEmailVerified') {
    const data = parseEventData('UserEmailVerified', event);
    // An erased account's address reads ERASED in a rebuild: it verifies nothing (live, the erasure deletes its rows).
    if (data.email === ERASED) return { kind: 'verified', row: null };
    return {
      kind: 'verified',
      row: {
        user_id: data.userId,
        email: data.email.toLowerCase(),
        method: data.method,
        verified_at: data.verifiedAt,
        global_position: event.globalPosition.toString(),
      },
    };
  }
  throw new Error(`users does not handle ${event.type}`);
};

export const createUsersProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, USERS, USERS.verifiedEmailsTable);
  const [tableName, verifiedName] = tables;
  const table = quoteIdentifier(tableName);
  const insertRows = createBulkInsert({ table: tableName, columns: USER_COLUMNS, key: 'id' });
  // The first verification of an address stands; a replay or a second one changes nothing.
  const insertVerified = createBulkInsert({
    table: verifiedName,
    columns: USER_VERIFIED_EMAIL_COLUMNS,
    key: ['user_id', 'email'],
  });
  // Every profile update of the batch in one statement: per user, the updates newer than
  // its row fold in log order (the latest names, the latest email given), which is what
  // applying them one by one leaves; an update naming no registered user is reported.
  const updateSql = `
    WITH u AS (
      SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::bigint[])
        AS u(id, email, first_name, last_name, profile_image_url, updated_at, position)
    ), latest AS (
      SELECT u.id,
             (array_agg(u.email ORDER BY u.position DESC) FILTER (WHERE u.email IS NOT NULL))[1] AS email,
             (array_agg(u.first_name ORDER BY u.position DESC))[1] AS first_name,
             (array_agg(u.last_name ORDER BY u.position DESC))[1] AS last_name,
             (array_agg(u.profile_image_url ORDER BY u.position DESC))[1] AS profile_image_url,
             (array_agg(u.updated_at ORDER BY u.position DESC))[1] AS updated_at,
             max(u.position) AS position
        FROM u JOIN ${table} AS t ON t.id = u.id AND u.position > t.global_position
       GROUP BY u.id
    ), updated AS (
      UPDATE ${table} AS t
         SET email = COALESCE(l.email, t.email), first_name = l.first_name, last_name = l.last_name,
             profile_image_url = l.profile_image_url, updated_at = l.updated_at, global_position = l.position
        FROM latest AS l WHERE t.id = l.id
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM updated)::int AS updated,
           (SELECT u.id::text FROM u WHERE NOT EXISTS (SELECT 1 FROM ${table} AS t WHERE t.id = u.id) LIMIT 1) AS missing`;

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    const parsed = mapEvents(events, parse);
    // Registrations first: an update always follows its user's registration in the log,
    // so this order gives the same rows as applying the events one by one.
    await insertRows(
      client,
      ofKind(parsed, 'registered').map((item) => item.row),
    );
    await insertVerified(
      client,
      ofKind(parsed, 'verified').flatMap((item) => (item.row ? [item.row] : [])),
    );
    const updates = ofKind(parsed, 'updated').map((item) => item.update);
    if (updates.length === 0) return;
    const { rows } = await client.query<{ missing: string | null }>(
      updateSql,
      toColumnArrays(updates, ['id', 'email', 'firstName', 'lastName', 'profileImageUrl', 'updatedAt', 'position']),
    );
    // The log cannot update a user it never registered: stop loudly rather than drop it.
    const missing = rows[0]?.missing;
    if (missing) throw new Error(`a profile update names a user that was never registered: ${missing}`);
  };

  return defineProjection({
    name,
    handles: ['UserRegistered', 'UserProfileUpdated', 'UserEmailVerified'],
    tables,
    applyBatch,
    erase: async (client, subjects) => {
      await eraseUserRows(tableName)(client, subjects);
      const ids = idsOfKind(subjects, 'user');
      if (ids.length > 0)
        await client.query(`DELETE FROM ${quoteIdentifier(verifiedName)} WHERE user_id::text = ANY($1::text[])`, [ids]);
    },
  });
};
