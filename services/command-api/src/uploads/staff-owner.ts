import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@acres/contracts/errors';
import { buildAdminCommandContext } from '../commands/request-context.ts';
import type { UploadsDeps } from './deps.ts';
import { staffOwnerId } from './owner.ts';
import type { UploadOwner } from './upload-token.ts';

export const STAFF_ONLY_MESSAGE = 'Only staff may upload due-diligence documents';

/**
 * A staff member's upload (issue URL and PUT): the admin guard's answer stands (401, 429);
 * null once it has answered. The owner is the signed-in staff member.
 */
export const checkStaffUpload = async (
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Pick<UploadsDeps, 'adminGuard' | 'now'>,
): Promise<UploadOwner | null> => {
  if (!deps.adminGuard) throw new DomainError('forbidden', STAFF_ONLY_MESSAGE);
  await deps.adminGuard(request, reply);
  if (reply.sent) return null;
  const { adminUsername } = buildAdminCommandContext({ request, now: deps.now(), commandName: 'UploadDocument', input: null });
  return { kind: 'staff', id: staffOwnerId(adminUsername) };
};
