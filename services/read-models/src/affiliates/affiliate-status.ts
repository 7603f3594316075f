// affiliates.status from AffiliateSuspended / AffiliateReactivated (issue 12). The newest
// change per affiliate wins, and only over an older one (status_position), so a replay,
// whole or from the middle, is a no-op.

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { parseEventData } from '../shared/projection/projection.ts';
import { toColumnArrays } from '../shared/projection/define-projection.ts';

export const STATUS_EVENTS = ['AffiliateSuspended', 'AffiliateReactivated'] as const;

export type StatusChange = { userId: string; status: 'active' | 'suspended'; at: string; position: string };

/** userIdOf is the affiliates projection's stream → user mapping (passed in: no import cycle). */
export const parseStatusChange = (event: RecordedEvent, userIdOf: (event: RecordedEvent) => string): StatusChange | null => {
  const position = event.globalPosition.toString();
  if (event.type === 'AffiliateSuspended') {
    const data = parseEventData('AffiliateSuspended', event);
    return { userId: userIdOf(event), status: 'suspended', at: data.suspendedAt, position };
  }
  if (event.type === 'AffiliateReactivated') {
    const data = parseEventData('AffiliateReactivated', event);
    return { userId: userIdOf(event), status: 'active', at: data.reactivatedAt, position };
  }
  return null;
};

/** table is already quoted. */
export const createStatusChanges = (table: string) => {
  const sql = `
    WITH e AS (
      SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::bigint[]) AS e(user_id, status, at, position)
    ), last AS (
      SELECT DISTINCT ON (user_id) * FROM e ORDER BY user_id, position DESC
    )
    UPDATE ${table} AS a
       SET status = last.status, status_position = last.position, updated_at = GREATEST(a.updated_at, last.at)
      FROM last
     WHERE a.user_id = last.user_id AND a.status_position < last.position`;
  return async (client: PoolClient, changes: readonly StatusChange[]) => {
    if (changes.length === 0) return;
    await client.query(sql, toColumnArrays(changes, ['userId', 'status', 'at', 'position']));
  };
};
