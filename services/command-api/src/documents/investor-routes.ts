import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INVESTOR_ROOM_MESSAGES } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { documentDecider } from '@acres/domain';
import { requireUser } from '@acres/platform/sessions';
import { handleCommand } from '../commands/handle-command.ts';
import { buildCommandContext } from '../commands/request-context.ts';
import { isRoomMember } from './investor-eligibility.ts';
import type { PublicDocumentDeps } from './public-routes.ts';
import { sendRecordedDownload } from './serve-document.ts';
import { documentStreamId } from './streams.ts';

const Params = z.object({ documentId: z.guid({ error: 'Document id must be a uuid' }).transform((id) => id.toLowerCase()) });

/**
 * GET /api/documents/:id/download, signed in: an investor's or approved applicant's download
 * from their dashboard, recorded against their account (RecordInvestorDownload).
 */
export const registerInvestorDocumentRoutes = (app: FastifyInstance, deps: Omit<PublicDocumentDeps, 'linkSigningSecret'>) => {
  app.get(
    '/api/documents/:documentId/download',
    { onRequest: requireUser, schema: { params: Params } },
    async (request, reply) => {
      const user = request.sessionUser!;
      const { documentId } = request.params as z.output<typeof Params>;
      reply.header('cache-control', 'private, no-store');
      if (!(await isRoomMember(deps, user.id))) throw new DomainError('forbidden', INVESTOR_ROOM_MESSAGES.notMember);
      return sendRecordedDownload({
        deps,
        reply,
        documentId,
        record: async () => {
          const context = buildCommandContext({ request, now: deps.now(), commandName: 'RecordInvestorDownload', input: null });
          await handleCommand({
            eventStore: deps.eventStore,
            decider: documentDecider,
            streamId: documentStreamId(documentId),
            command: { type: 'RecordInvestorDownload', userId: user.id, now: context.now },
            context: { ...context, idempotency: null },
            newEventId: deps.newId,
            toResult: () => null,
          });
        },
      });
    },
  );
};
