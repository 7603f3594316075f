import { AdminStaffResponseSchema, StaffMeSchema } from '@acres/contracts/staff';
import { ROLE_AREAS } from '@acres/contracts/staff-roles';
import { staffOf } from '@acres/platform/admin-auth';
import { listStaffMembers, STAFF_MEMBERS } from '@acres/read-models/staff-members';
import type { QueryApp, RouteDeps } from '../shared/route-types.ts';

/**
 * GET /api/admin/me: who the admin guard let in and what their role may use, for the SPA's
 * navigation (any role); GET /api/admin/staff: the owner's Staff tab (area 'staff').
 */
export const registerAdminStaffRoutes = (app: QueryApp, deps: RouteDeps) => {
  app.get('/api/admin/me', { schema: { response: { 200: StaffMeSchema } } }, async (request) => {
    const staff = staffOf(request);
    return {
      id: staff.id,
      displayName: staff.displayName,
      email: staff.email,
      role: staff.role,
      areas: [...ROLE_AREAS[staff.role]],
    };
  });

  app.get(
    '/api/admin/staff',
    { schema: { response: { 200: AdminStaffResponseSchema } }, preHandler: deps.freshRead([STAFF_MEMBERS.name]) },
    async () => ({ staff: await listStaffMembers(deps.pool) }),
  );
};
