import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import Fastify, {
  LogController,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from './logger.ts';
import { toLoggedUrl } from './log-url.ts';
import { handleClientError, registerErrorHandler, sendFrameworkProblem, type NotFoundHandler } from './http-errors.ts';
import { registerRequestDeadlines } from './request-deadline.ts';
import { registerRequestTextRule } from './request-text/edge-rule.ts';
import { parseQueryString } from './request-text/utf8.ts';
import { registerSecurityHeaders, type SecurityHeadersOptions } from './security-headers.ts';

export { redactQueryValues, toLoggedUrl } from './log-url.ts';

export type HttpApp = FastifyInstance;

export const DEFAULT_BODY_LIMIT = 64 * 1024;

export type HttpTimeouts = {
  /**
   * The rest of a request (its body) must arrive within this once its headers are in; a
   * route may allow longer with `config: { requestDeadlineMs }` (uploads).
   */
  requestMs: number;
  /** Headers must arrive within this (at most requestMs). */
  headersMs: number;
  /** A connection with no traffic either way is closed after this. */
  idleMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** Requests on one keep-alive connection before the server asks to close it. */
  maxRequestsPerSocket: number;
};

/**
 * A client that never finishes its request is cut off: headers within 10 s, then the body
 * within 20 s, and a body that stops for 15 s is closed, so slow clients cannot hold
 * connections (the limit is 30 s). The upload route allows its body longer (5 MB on a slow
 * mobile link), never the idle 15 s. Keep-alive stays above nginx's upstream
 * keepalive_timeout (5 s) so the proxy, not the service, closes idle pooled connections.
 */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  requestMs: 20_000,
  headersMs: 10_000,
  idleMs: 15_000,
  keepAliveMs: 10_000,
  maxRequestsPerSocket: 10_000,
};

/**
 * A fastify instance with our conventions: zod type provider, problem+json errors,
 * a request id on every log line (taken from x-request-id when a proxy set one).
 */
export const createHttpApp = (options: {
  logger: Logger;
  bodyLimit?: number;
  trustProxy?: boolean;
  notFound?: NotFoundHandler;
  timeouts?: Partial<HttpTimeouts>;
  securityHeaders?: SecurityHeadersOptions;
}) => {
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...options.timeouts };
  // The server options need it before the app exists; assigned right after, used only on requests.
  // eslint-disable-next-line prefer-const -- read by closures created before the one assignment
  let applySecurityHeaders: ((request: FastifyRequest, reply: FastifyReply) => void) | undefined;
  // eslint-disable-next-line prefer-const -- as above
  let armRequestDeadline: ((request: FastifyRequest, reply: FastifyReply) => void) | undefined;
  const headersTimeout = Math.min(timeouts.headersMs, timeouts.requestMs);
  const serverOptions: FastifyHttpOptions<Server> = {
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // One log line per request (the onResponse hook below) instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    // requestTimeout (node's, server-wide) is set by registerRequestDeadlines: per route.
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    maxRequestsPerSocket: timeouts.maxRequestsPerSocket,
    http: {
      headersTimeout,
      // node checks the request and header deadlines on this tick (default 30 s, too coarse).
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(timeouts.requestMs / 4))),
    },
    // A malformed URL or an over-long parameter is refused before any hook runs.
    // Its body is still drained after the answer, so it gets the ordinary deadline too.
    frameworkErrors: (error, request, reply) => {
      armRequestDeadline?.(request, reply);
      applySecurityHeaders?.(request, reply);
      return sendFrameworkProblem(error, request, reply);
    },
    clientErrorHandler: handleClientError,
    // fastify's parser keeps `%FF` as three letters; this one keeps the bad byte visible
    // for the request text rule below.
    routerOptions: { querystringParser: parseQueryString },
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  armRequestDeadline = registerRequestDeadlines(app, {
    defaultMs: timeouts.requestMs,
    headersMs: headersTimeout,
  }).armRequestDeadline;
  applySecurityHeaders = registerSecurityHeaders(app, options.securityHeaders).applySecurityHeaders;
  registerErrorHandler(app, { notFound: options.notFound });
  // Before any plugin, so every route of every plugin inherits it.
  registerRequestTextRule(app);
  // Synchronous hooks on every request: an async one costs a promise and a microtask turn each.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  // What fastify's 'incoming request' and 'request completed' lines said, in one line: each
  // line is a write on the hot path, and the CPU profile of POST /api/leads showed them.
  app.addHook('onResponse', (request, reply, done) => {
    // The request itself, but for its url (log-url.ts): whatever serializer the logger has sees
    // every other field as before.
    const req: FastifyRequest = Object.create(request, { url: { value: toLoggedUrl(request) } });
    request.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
  return app;
};

/**
 * Connections the kernel may hold, complete but not yet accepted. node's default (511)
 * overflowed in a burst above the server's rate: at 500 POST/s, 180 of 5,000 requests were
 * reset or timed out at connect while the kernel's ListenOverflows counter rose. The kernel
 * caps it at net.core.somaxconn.
 */
export const LISTEN_BACKLOG = 4096;

/** Listens with the backlog above; host defaults to every interface. */
export const listenHttp = (app: FastifyInstance, options: { port: number; host?: string }) =>
  app.listen({ port: options.port, host: options.host ?? '0.0.0.0', backlog: LISTEN_BACKLOG });
