import type { FastifyInstance } from 'fastify';
import { CheckLogIntegritySchema, LogIntegrityCheckSchema } from '@acres/contracts/log-integrity';
import { staffOf } from '@acres/platform/admin-auth';
import type { SliceRegistration } from '../commands/deps.ts';
import { routeAdminCommand } from '../commands/admin-command-route.ts';
import { registerAdminScope } from '../commands/admin-scope.ts';
import type { LogVerifier } from '@acres/eventstore/chain';
import { checkLogIntegrity } from './check-log.ts';

/** POST /api/admin/audit-log/integrity/check behind the admin guard: the Audit tab's "Check the records now". */
export const registerLogIntegrityCommands = async (
  app: FastifyInstance,
  options: SliceRegistration & { verifier?: LogVerifier | undefined },
) => {
  const { adminGuard, verifier, deps } = options;
  if (!adminGuard || !verifier) {
    options.logger.warn('POST /api/admin/audit-log/integrity/check is off: the command API was given no admin guard or verifier');
    return;
  }
  await registerAdminScope(app, adminGuard, (admin) => {
    routeAdminCommand(admin, {
      method: 'POST',
      path: '/api/admin/audit-log/integrity/check',
      body: CheckLogIntegritySchema,
      answer: LogIntegrityCheckSchema,
      commandName: 'CheckLogIntegrity',
      now: deps.now,
      run: ({ adminUsername, context, request }) =>
        checkLogIntegrity({ deps, verifier, adminUsername, context, staffName: staffOf(request).displayName }),
    });
  });
};
