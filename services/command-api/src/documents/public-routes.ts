import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MATERIALS_MESSAGES, RecordedAnswerSchema } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { materialsLinkDecider } from '@acres/domain';
import type { Queryable } from '@acres/platform/db';
import { readMaterialsLinkToken } from '@acres/platform/signing';
import type { CommandDeps } from '../commands/deps.ts';
import { handleCommand } from '../commands/handle-command.ts';
import { buildCommandContext } from '../commands/request-context.ts';
import type { ObjectStore } from '../uploads/object-store.ts';
import { sendRecordedDownload } from './serve-document.ts';
import { materialsLinkStreamId } from './streams.ts';

export type PublicDocumentDeps = CommandDeps & { db: Queryable; store: ObjectStore; linkSigningSecret: string };

const TokenParams = z.object({ token: z.string().max(512) });
const DownloadParams = TokenParams.extend({
  documentId: z.guid({ error: 'Document id must be a uuid' }).transform((id) => id.toLowerCase()),
});

const linkIdOf = (deps: PublicDocumentDeps, token: string) => {
  const ids = readMaterialsLinkToken({ secret: deps.linkSigningSecret, token });
  if (!ids) throw new DomainError('not_found', MATERIALS_MESSAGES.invalid);
  return ids.linkId;
};

/**
 * What a lead does with their link, each a command on the link's stream: opening the page
 * (POST …/views) and downloading a document (GET …/documents/:id). A revoked or expired link
 * answers 410 Gone; nothing of it is cached, so a revoked link stops working at once.
 */
export const registerPublicDocumentRoutes = (app: FastifyInstance, deps: PublicDocumentDeps) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.post(
    '/api/materials/:token/views',
    { schema: { params: TokenParams, response: { 201: RecordedAnswerSchema } } },
    async (request, reply) => {
      const { token } = request.params as z.output<typeof TokenParams>;
      const linkId = linkIdOf(deps, token);
      const context = buildCommandContext({ request, now: deps.now(), commandName: 'RecordMaterialsView', input: { linkId } });
      const { result } = await handleCommand({
        eventStore: deps.eventStore,
        decider: materialsLinkDecider,
        streamId: materialsLinkStreamId(linkId),
        command: { type: 'RecordMaterialsView', now: context.now },
        context: { ...context, idempotency: null },
        newEventId: deps.newId,
        toResult: (_events, position) => ({ position: position.toString() }),
      });
      return reply.code(201).send(result);
    },
  );
  app.get('/api/materials/:token/documents/:documentId', { schema: { params: DownloadParams } }, async (request, reply) => {
    const { token, documentId } = request.params as z.output<typeof DownloadParams>;
    const linkId = linkIdOf(deps, token);
    return sendRecordedDownload({
      deps,
      reply,
      documentId,
      record: async (version) => {
        const context = buildCommandContext({ request, now: deps.now(), commandName: 'RecordMaterialsDownload', input: null });
        await handleCommand({
          eventStore: deps.eventStore,
          decider: materialsLinkDecider,
          streamId: materialsLinkStreamId(linkId),
          command: { type: 'RecordMaterialsDownload', now: context.now, document: { documentId, version: version.version } },
          context: { ...context, idempotency: null },
          newEventId: deps.newId,
          toResult: () => null,
        });
      },
    });
  });
};
