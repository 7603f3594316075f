// SPEC 3 users, from UserRegistered and UserProfileUpdated (the table and its row:
// @acres/read-models/identity).
//
// Idempotency: a registration is inserted ON CONFLICT (id) DO NOTHING, and an update
// only applies to a row whose global_position is older than the event, so a replayed
// event changes nothing.

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { USER_COLUMNS, USERS, type UserRow } from '@acres/read-models/identity';
import type { RowToWrite } from '@acres/read-models/read-model';
import { createBulkInsert } from '../bulk-insert.ts';
import { mapEvents, parseEventData, quoteIdentifier, type Projection } from '../projection.ts';
import { withErasure } from '../erasure/with-erasure.ts';
import { eraseUserRows } from '../erasure/erasers.ts';

type ProfileUpdate = {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  updatedAt: string;
  position: string;
};

type Parsed = { kind: 'registered'; row: RowToWrite<UserRow> } | { kind: 'updated'; update: ProfileUpdate };

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
  throw new Error(`users does not handle ${event.type}`);
};

export const createUsersProjection = (options: { name?: string; table?: string } = {}): Projection => {
  const tableName = options.table ?? USERS.table;
  const table = quoteIdentifier(tableName);
  const insertRows = createBulkInsert({ table: tableName, columns: USER_COLUMNS, key: 'id' });
  const updateSql = `
    UPDATE ${table}
       SET email = COALESCE($2, email), first_name = $3, last_name = $4, profile_image_url = $5,
           updated_at = $6, global_position = $7
     WHERE id = $1 AND global_position < $7
    RETURNING id`;
  const existsSql = `SELECT 1 FROM ${table} WHERE id = $1`;

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    const parsed = mapEvents(events, parse);
    // Registrations first: an update always follows its user's registration in the log,
    // so this order gives the same rows as applying the events one by one.
    await insertRows(
      client,
      parsed.flatMap((item) => (item.kind === 'registered' ? [item.row] : [])),
    );
    for (const item of parsed) {
      if (item.kind !== 'updated') continue;
      const u = item.update;
      const result = await client.query(updateSql, [
        u.id,
        u.email,
        u.firstName,
        u.lastName,
        u.profileImageUrl,
        u.updatedAt,
        u.position,
      ]);
      if (result.rowCount === 0 && (await client.query(existsSql, [u.id])).rowCount === 0) {
        // The log cannot update a user it never registered: stop loudly rather than drop it.
        throw new Error(`a profile update names a user that was never registered: ${u.id}`);
      }
    }
  };

  return withErasure(
    {
      name: options.name ?? USERS.name,
      handles: ['UserRegistered', 'UserProfileUpdated'],
      tables: [tableName],
      apply: (client, event) => applyBatch(client, [event]),
      applyBatch,
    },
    eraseUserRows(tableName),
  );
};
