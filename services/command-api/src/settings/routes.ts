import type { FastifyInstance } from 'fastify';
import { BusinessSettingsFormSchema, BusinessSettingsUpdatedSchema } from '@acres/contracts';
import { routeAdminCommand } from '../commands/admin-command-route.ts';
import type { CommandDeps } from '../commands/deps.ts';
import { changeBusinessSettings } from './change-settings.ts';
import type { PhotoFiles } from './project-photos.ts';

/** PUT /api/admin/settings, in a context behind the admin guard: the whole Settings form. */
export const registerAdminSettingsRoutes = (app: FastifyInstance, deps: CommandDeps, files?: PhotoFiles) => {
  routeAdminCommand(app, {
    method: 'PUT',
    path: '/api/admin/settings',
    body: BusinessSettingsFormSchema,
    answer: BusinessSettingsUpdatedSchema,
    commandName: 'ChangeBusinessSettings',
    now: deps.now,
    keepIdempotencyKey: true,
    run: ({ body, adminUsername, context }) => changeBusinessSettings({ deps, settings: body, files, adminUsername, context }),
  });
};
