import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_BY_CODE, isDomainError, type FieldError } from './errors.ts';

export type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: FieldError[];
};

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const sendProblem = (reply: FastifyReply, problem: Omit<ProblemBody, 'type' | 'title'> & { title?: string }) =>
  reply
    .status(problem.status)
    .type('application/problem+json')
    .send({ type: 'about:blank', title: problem.title ?? TITLES[problem.status] ?? 'Error', ...problem });

const fieldFromPath = (instancePath: string, prefix: string) => {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path === '' ? prefix : path;
};

/** Fastify's own client errors (bad JSON, oversized or empty body, wrong content type). */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: "The request body is empty but the content type says it is JSON" },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: 'Send the body as application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: 'The Content-Length header does not match the body' },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, detail: 'Send the body as application/json' },
};

export type NotFoundHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * The one error handler: validation errors list every failing field, domain errors map
 * by code, fastify's client errors keep their 4xx, and anything else is a 500 whose
 * details are logged with the request context but never shown.
 */
export const registerErrorHandler = (
  app: FastifyInstance,
  options: { notFound?: NotFoundHandler | undefined } = {},
) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      const errors = error.validation.map((issue) => ({
        field: fieldFromPath(issue.instancePath, context),
        message: issue.message ?? 'is invalid',
      }));
      return sendProblem(reply, {
        status: 400,
        detail: errors.map((e) => `${e.field}: ${e.message}`).join('; '),
        errors,
      });
    }
    if (isDomainError(error)) {
      const status = STATUS_BY_CODE[error.code];
      if (status >= 500) request.log.error({ err: error }, 'domain error');
      return sendProblem(reply, { status, detail: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return sendProblem(reply, known);
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(reply, { status: error.statusCode, detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, { status: 500, detail: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler(
    options.notFound ??
      ((request, reply) => sendProblem(reply, { status: 404, detail: `No route for ${request.method} ${request.url.split('?')[0]}` })),
  );
};
