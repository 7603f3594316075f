import type { FastifyInstance } from 'fastify';
import { ChangeStaffRoleRequestSchema, InviteStaffRequestSchema, StaffCommandAnswerSchema } from '@acres/contracts/staff';
import { z } from 'zod';
import { idParamsSchema, routeAdminCommand } from '../commands/admin-command-route.ts';
import { changeStaffRole, inviteStaff, removeStaff, type StaffDeps } from './commands.ts';

const StaffIdParams = idParamsSchema('id must be a staff id');

/** The owner's Staff tab (area 'staff'): invite by email, change a role, remove a member. */
export const registerAdminStaffRoutes = (app: FastifyInstance, deps: StaffDeps) => {
  routeAdminCommand(app, {
    method: 'POST',
    path: '/api/admin/staff',
    body: InviteStaffRequestSchema,
    answer: StaffCommandAnswerSchema,
    status: 201,
    commandName: 'InviteStaff',
    now: deps.now,
    run: ({ body, adminUsername, context }) => inviteStaff({ deps, input: body, invitedBy: adminUsername, context }),
  });
  routeAdminCommand(app, {
    method: 'PUT',
    path: '/api/admin/staff/:id/role',
    params: StaffIdParams,
    body: ChangeStaffRoleRequestSchema,
    answer: StaffCommandAnswerSchema,
    commandName: 'ChangeStaffRole',
    now: deps.now,
    run: ({ params, body, adminUsername, context }) =>
      changeStaffRole({ deps, staffId: params.id, role: body.role, changedBy: adminUsername, context }),
  });
  routeAdminCommand(app, {
    method: 'POST',
    path: '/api/admin/staff/:id/remove',
    params: StaffIdParams,
    body: z.object({}),
    answer: StaffCommandAnswerSchema,
    commandName: 'RemoveStaff',
    now: deps.now,
    run: ({ params, adminUsername, context }) => removeStaff({ deps, staffId: params.id, removedBy: adminUsername, context }),
  });
};
