import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BusinessSettingsFormSchema, BusinessSettingsUpdatedSchema } from '@acres/contracts';
import { COMMAND_BODY_LIMIT } from '../commands/accepted.ts';
import type { CommandDeps } from '../commands/deps.ts';
import { buildAdminCommandContext } from '../commands/request-context.ts';
import { changeBusinessSettings } from './change-settings.ts';

/** PUT /api/admin/settings, in a context behind the admin guard: the whole Settings form. */
export const registerAdminSettingsRoutes = (app: FastifyInstance, deps: CommandDeps) => {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/admin/settings',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      schema: { body: BusinessSettingsFormSchema, response: { 200: BusinessSettingsUpdatedSchema } },
    },
    async (request) => {
      const { adminUsername, context } = buildAdminCommandContext({
        request,
        now: deps.now(),
        commandName: 'ChangeBusinessSettings',
        input: request.body,
        keepIdempotencyKey: true,
      });
      return changeBusinessSettings({ deps, settings: request.body, adminUsername, context });
    },
  );
};
