import { validateHeaderName, validateHeaderValue } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldError } from '@acres/contracts/errors';
import { STATUS_BY_CODE, isDomainError } from './errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './db-unavailable.ts';

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
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
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

const SERVER_ERROR_DETAIL = 'Something went wrong on our side. Please try again.';

/**
 * Fastify's own errors by code, with fixed texts: their messages name internals (parser
 * settings, parameter values) and are never shown.
 */
const FASTIFY_ERRORS: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: 'The request body is empty but the content type says it is JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: 'This content type is not accepted here' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: 'The Content-Length header does not match the body' },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, detail: 'This content type is not accepted here' },
  FST_ERR_BAD_URL: { status: 400, detail: 'The request path is not a valid URL' },
  FST_ERR_INVALID_URL: { status: 400, detail: 'The request path is not a valid URL' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, detail: 'A part of the request path is too long' },
  FST_ERR_VALIDATION: { status: 400, detail: 'The request is not valid' },
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: { status: 400, detail: 'Send a Content-Type header with the body' },
  FST_ERR_ROUTE_MISSING_CONTENT: { status: 400, detail: 'This request needs a body' },
  FST_ERR_NOT_FOUND: { status: 404, detail: 'Not found' },
  FST_ERR_HANDLER_TIMEOUT: { status: 503, detail: 'The request took too long. Please try again.' },
};

/** Any other client error keeps its status but gets a fixed text. */
const clientErrorDetail = (status: number) =>
  status === 429
    ? 'Too many requests. Please wait and try again.'
    : `The request could not be processed (${TITLES[status] ?? `HTTP ${status}`})`;

export type NotFoundHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * The one error handler: validation errors list every failing field, domain errors map
 * by code, fastify's client errors keep their 4xx with fixed texts, and anything else is
 * a 500 whose details are logged with the request context but never shown.
 */
export const registerErrorHandler = (app: FastifyInstance, options: { notFound?: NotFoundHandler | undefined } = {}) => {
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
    return sendFrameworkProblem(error, request, reply);
  });

  app.setNotFoundHandler(
    options.notFound ??
      ((request, reply) =>
        sendProblem(reply, { status: 404, detail: `No route for ${request.method} ${request.url.split('?')[0]}` })),
  );
};

export const DATABASE_UNAVAILABLE_DETAIL = 'The service is briefly unavailable. Please try again in a few seconds.';

/**
 * A handler that set a header node refuses (ERR_INVALID_CHAR) fails only when the answer
 * is written; the problem that reports it must not carry the same header, or fastify's
 * last-resort handler would answer with the raw error message.
 */
const dropInvalidHeaders = (reply: FastifyReply) => {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    try {
      validateHeaderName(name);
      for (const item of Array.isArray(value) ? value : [value]) validateHeaderValue(name, String(item));
    } catch {
      reply.removeHeader(name);
    }
  }
};

/** Errors that are neither validation nor domain errors: fastify's, a plugin's, or a bug. */
export const sendFrameworkProblem = (error: Partial<FastifyError>, request: FastifyRequest, reply: FastifyReply) => {
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known && known.status < 500) return sendProblem(reply, known);
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return sendProblem(reply, { status, detail: clientErrorDetail(status) });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return sendProblem(reply, { status: 503, detail: DATABASE_UNAVAILABLE_DETAIL });
  }
  request.log.error({ err: error }, 'unhandled error');
  dropInvalidHeaders(reply);
  if (known) return sendProblem(reply, known);
  return sendProblem(reply, { status: 500, detail: SERVER_ERROR_DETAIL });
};

const RAW_CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'The request headers are too large' },
};

/**
 * node's clientError (unparsable HTTP, a request that took too long to arrive): answered
 * on the raw socket, so as problem+json by hand, then the connection is closed.
 */
export function handleClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = RAW_CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, detail: 'The request is not valid HTTP' };
  const body = JSON.stringify({ type: 'about:blank', title: TITLES[status] ?? 'Error', status, detail });
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${TITLES[status] ?? 'Error'}`,
        'Content-Type: application/problem+json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
        'X-Content-Type-Options: nosniff',
        'X-Frame-Options: DENY',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy();
}
