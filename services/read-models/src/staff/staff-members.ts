// The staff read model (issue 27, item 1): one row per staff member from their stream's events
// (the projector's projections/staff), read as the contract's StaffMember: the owner's Staff tab
// and the names the Audit log shows for staff ids.

import type { StaffMember, StaffRole } from '@acres/contracts/staff';
import type { Queryable } from '@acres/platform/db';
import { defineReadModel, type Position, type SqlTypes } from '../shared/read-model.ts';

export const STAFF_MEMBERS = defineReadModel('staff', 'staff_members', '1700000000043_staff.sql');

export type StaffMemberRow = {
  staff_id: string;
  email: string;
  display_name: string;
  role: StaffRole;
  status: StaffMember['status'];
  invited_at: Date;
  invitation_expires_at: Date | null;
  active_since: Date | null;
  global_position: Position;
};

export const STAFF_MEMBER_COLUMNS = {
  staff_id: 'uuid',
  email: 'text',
  display_name: 'text',
  role: 'text',
  status: 'text',
  invited_at: 'timestamptz',
  invitation_expires_at: 'timestamptz',
  active_since: 'timestamptz',
  global_position: 'bigint',
} as const satisfies SqlTypes<StaffMemberRow>;

export const toStaffMember = (row: StaffMemberRow): StaffMember => ({
  id: row.staff_id,
  email: row.email,
  displayName: row.display_name,
  role: row.role,
  status: row.status,
  invitedAt: row.invited_at.toISOString(),
  invitationExpiresAt: row.invitation_expires_at?.toISOString() ?? null,
  activeSince: row.active_since?.toISOString() ?? null,
});

/** Every member, the removed ones last, each group by name. */
export const listStaffMembers = async (db: Queryable): Promise<StaffMember[]> => {
  const { rows } = await db.query<StaffMemberRow>(
    `SELECT staff_id, email, display_name, role, status, invited_at, invitation_expires_at, active_since,
            global_position::text AS global_position
       FROM staff_members ORDER BY status = 'removed', lower(display_name), staff_id`,
  );
  return rows.map(toStaffMember);
};
