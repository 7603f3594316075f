import {
  AdminStaffResponseSchema,
  type InviteStaffRequest,
  type StaffCommandAnswer,
  StaffCommandAnswerSchema,
  type StaffRole,
} from '@acres/contracts/staff';
import { recordPath, sendAdminCommand } from '@/features/admin/shell/api/admin-client';
import { useAdminQuery, useRefreshMatching } from '@/features/admin/shell/api/use-admin-query';

/** Under the admin prefix, so the dashboard's Refresh reaches it too. */
export const ADMIN_STAFF_KEY = '/api/admin/staff';

/** GET /api/admin/staff: every member, invited, active or removed. */
export function useAdminStaff() {
  return useAdminQuery(ADMIN_STAFF_KEY, AdminStaffResponseSchema);
}

const isStaffKey = (key: unknown) =>
  key === ADMIN_STAFF_KEY || (typeof key === 'string' && key.startsWith('/api/admin/audit-log'));

/** After a staff command: the list and the Audit log, fetched again. */
export function useRefreshStaff(): () => Promise<unknown> {
  return useRefreshMatching(isStaffKey);
}

export const inviteStaff = (authorization: string, invitation: InviteStaffRequest): Promise<StaffCommandAnswer> =>
  sendAdminCommand(authorization, 'POST', ADMIN_STAFF_KEY, invitation, StaffCommandAnswerSchema);

export const changeStaffRole = (authorization: string, staffId: string, role: StaffRole): Promise<StaffCommandAnswer> =>
  sendAdminCommand(authorization, 'PUT', recordPath(ADMIN_STAFF_KEY, staffId, 'role'), { role }, StaffCommandAnswerSchema);

export const removeStaff = (authorization: string, staffId: string): Promise<StaffCommandAnswer> =>
  sendAdminCommand(authorization, 'POST', recordPath(ADMIN_STAFF_KEY, staffId, 'remove'), {}, StaffCommandAnswerSchema);
