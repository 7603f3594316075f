// Staff members (issue 27): StaffInvited writes the row (again when the invitation is sent
// again), the enrolment makes it active, a role change or removal moves it. Each update is
// guarded by the position, so a replayed event is a no-op.

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { STAFF_MEMBERS } from './staff-members.ts';
import { parseEventData, quoteIdentifier, type Projection } from '../shared/projection/projection.ts';
import { defineProjection, resolveTarget, type ProjectionTarget } from '../shared/projection/define-projection.ts';

const HANDLES = ['StaffInvited', 'StaffTotpEnrolled', 'StaffRoleChanged', 'StaffRemoved'] as const;

const statementOf = (table: string, event: RecordedEvent): [string, unknown[]] | null => {
  const position = event.globalPosition.toString();
  switch (event.type) {
    case 'StaffInvited': {
      const data = parseEventData('StaffInvited', event);
      return [
        `INSERT INTO ${table} (staff_id, email, display_name, role, status, invited_at, invitation_expires_at, active_since, global_position)
         VALUES ($1, $2, $3, $4, 'invited', $5, $6, NULL, $7)
         ON CONFLICT (staff_id) DO UPDATE SET email = EXCLUDED.email, display_name = EXCLUDED.display_name,
           role = EXCLUDED.role, invited_at = EXCLUDED.invited_at, invitation_expires_at = EXCLUDED.invitation_expires_at,
           global_position = EXCLUDED.global_position
         WHERE ${table}.global_position < EXCLUDED.global_position`,
        [data.staffId, data.email, data.displayName, data.role, data.invitedAt, data.expiresAt, position],
      ];
    }
    case 'StaffTotpEnrolled': {
      const data = parseEventData('StaffTotpEnrolled', event);
      return [
        `UPDATE ${table} SET status = 'active', active_since = $2, invitation_expires_at = NULL, global_position = $3
          WHERE staff_id = $1 AND global_position < $3`,
        [data.staffId, data.enrolledAt, position],
      ];
    }
    case 'StaffRoleChanged': {
      const data = parseEventData('StaffRoleChanged', event);
      return [
        `UPDATE ${table} SET role = $2, global_position = $3 WHERE staff_id = $1 AND global_position < $3`,
        [data.staffId, data.to, position],
      ];
    }
    case 'StaffRemoved': {
      const data = parseEventData('StaffRemoved', event);
      return [
        `UPDATE ${table} SET status = 'removed', invitation_expires_at = NULL, global_position = $2
          WHERE staff_id = $1 AND global_position < $2`,
        [data.staffId, position],
      ];
    }
    default:
      return null;
  }
};

export const createStaffMembersProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, STAFF_MEMBERS);
  const table = quoteIdentifier(tables[0]);

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    for (const event of events) {
      const statement = statementOf(table, event);
      if (statement) await client.query(statement[0], statement[1]);
    }
  };

  return defineProjection({ name, handles: HANDLES, tables, applyBatch });
};
