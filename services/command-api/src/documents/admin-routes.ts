import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AddDocumentRequestSchema,
  AddDocumentVersionRequestSchema,
  DocumentAddedSchema,
  MaterialsRevokedAnswerSchema,
  MaterialsSentAnswerSchema,
} from '@acres/contracts';
import { idParamsSchema, routeAdminCommand } from '../commands/admin-command-route.ts';
import type { CommandDeps } from '../commands/deps.ts';
import { addDocumentVersion, uploadDocument, type DocumentFiles } from './upload-document.ts';
import { revokeMaterialsLink, sendMaterials } from './send-materials.ts';

const NoBodySchema = z.object({}).strict();

/** The room's staff commands, in a context behind the admin guard. */
export const registerAdminDocumentRoutes = (
  app: FastifyInstance,
  deps: CommandDeps & { files: DocumentFiles; linkDays: number },
) => {
  routeAdminCommand(app, {
    method: 'POST',
    path: '/api/admin/documents',
    body: AddDocumentRequestSchema,
    answer: DocumentAddedSchema,
    status: 201,
    commandName: 'UploadDocument',
    now: deps.now,
    run: ({ body, adminUsername, context }) => uploadDocument({ deps, files: deps.files, body, adminUsername, context }),
  });
  routeAdminCommand(app, {
    method: 'POST',
    path: '/api/admin/documents/:id/versions',
    params: idParamsSchema('Document id must be a uuid'),
    body: AddDocumentVersionRequestSchema,
    answer: DocumentAddedSchema,
    status: 201,
    commandName: 'AddDocumentVersion',
    now: deps.now,
    run: ({ params, body, adminUsername, context }) =>
      addDocumentVersion({ deps, files: deps.files, documentId: params.id, body, adminUsername, context }),
  });
  routeAdminCommand(app, {
    method: 'POST',
    path: '/api/admin/leads/:id/materials',
    params: idParamsSchema('Lead id must be a uuid'),
    body: NoBodySchema,
    answer: MaterialsSentAnswerSchema,
    status: 201,
    commandName: 'SendMaterials',
    now: deps.now,
    inputOf: ({ params }) => params,
    run: ({ params, adminUsername, context }) =>
      sendMaterials({ deps, leadId: params.id, linkDays: deps.linkDays, adminUsername, context }),
  });
  routeAdminCommand(app, {
    method: 'POST',
    path: '/api/admin/materials/:id/revoke',
    params: idParamsSchema('Link id must be a uuid'),
    body: NoBodySchema,
    answer: MaterialsRevokedAnswerSchema,
    commandName: 'RevokeMaterialsLink',
    now: deps.now,
    inputOf: ({ params }) => params,
    run: ({ params, adminUsername, context }) => revokeMaterialsLink({ deps, linkId: params.id, adminUsername, context }),
  });
};
