import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { CommandAcceptedSchema } from '@acres/contracts';
import type { CommandOutcome } from './handle-command.ts';

/** Commands carry a few KB of form fields; anything near this is not a form. */
export const COMMAND_BODY_LIMIT = 64 * 1024;

/** 201 for the first attempt and for its retries alike, so a client cannot tell them apart by status; the header says which. */
export const sendAccepted = <Result>(reply: FastifyReply, outcome: CommandOutcome<Result>) => {
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(201).send(outcome.result);
};

const DECIMAL = /^\d+$/;

/**
 * The answer every accepted command sends, written directly: the same JSON and the same
 * check as CommandAcceptedSchema (anything else goes through the schema, which refuses it
 * with the usual serialization error), without a zod encode per request.
 */
const serializeAccepted = (zodSerialize: (data: unknown) => string) => (data: unknown) => {
  const { id, position } = (data ?? {}) as { id?: unknown; position?: unknown };
  if (typeof id !== 'string' || typeof position !== 'string' || !DECIMAL.test(position)) return zodSerialize(data);
  return `{"id":${JSON.stringify(id)},"position":"${position}"}`;
};

/** The zod serializer compiler, but CommandAcceptedSchema compiles to serializeAccepted. */
export const commandSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const zodSerialize = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  return route.schema === CommandAcceptedSchema ? serializeAccepted(zodSerialize) : zodSerialize;
};
