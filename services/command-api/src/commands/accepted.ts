import type { FastifyReply } from 'fastify';
import type { CommandOutcome } from './handle-command.ts';

/** Commands carry a few KB of form fields; anything near this is not a form. */
export const COMMAND_BODY_LIMIT = 64 * 1024;

/** 201 for the first attempt and for its retries alike, so a client cannot tell them apart by status; the header says which. */
export const sendAccepted = <Result>(reply: FastifyReply, outcome: CommandOutcome<Result>) => {
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(201).send(outcome.result);
};
