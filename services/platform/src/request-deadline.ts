import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { handleClientError } from './http-errors.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges only with an interface
  interface FastifyContextConfig {
    /**
     * How long this route's request may take to arrive, counted from its headers (default:
     * the app's requestMs). For slow uploads; a stalled body is still closed by the idle timeout.
     */
    requestDeadlineMs?: number;
  }
}

const DEADLINE = Symbol('acres.requestDeadline');
type RawWithDeadline = FastifyRequest['raw'] & { [DEADLINE]?: true };

export type RequestDeadlineOptions = {
  /** Deadline of routes that declare none. */
  defaultMs: number;
  /** node's own limit on headers: node counts its request timeout from the first header byte. */
  headersMs: number;
};

/**
 * Per-route deadlines for a request to arrive. node's requestTimeout is server-wide, so one
 * slow-upload route would lift it for every route: node's is raised to the longest route
 * deadline and kept only as a backstop, and each request gets its own route's deadline here.
 * Returns `armRequestDeadline` for requests refused before routing (no hooks run for them).
 */
export const registerRequestDeadlines = (app: FastifyInstance, options: RequestDeadlineOptions) => {
  const server = app.server;
  // Our timer starts once the headers are in, node's at their first byte: leave node room
  // for the headers so that, for every route, ours fires first.
  const raiseBackstop = (deadlineMs: number) => {
    server.requestTimeout = Math.max(server.requestTimeout || 0, deadlineMs + options.headersMs);
  };
  raiseBackstop(options.defaultMs);

  app.addHook('onRoute', (route) => {
    const deadlineMs = route.config?.requestDeadlineMs;
    if (deadlineMs === undefined) return;
    if (!Number.isInteger(deadlineMs) || deadlineMs <= 0) {
      throw new Error(
        `${String(route.method)} ${route.url}: config.requestDeadlineMs must be a positive whole number of milliseconds`,
      );
    }
    raiseBackstop(deadlineMs);
  });

  const armRequestDeadline = (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.raw as RawWithDeadline;
    const socket: unknown = raw.socket;
    // app.inject() has no connection to wait on, only a stand-in socket.
    if (raw[DEADLINE] || raw.complete || !(socket instanceof Socket)) return;
    // HTTP/1.1 frames a body only with Content-Length or Transfer-Encoding: without either (a GET,
    // most reads) the request arrived with its headers, and a timer and a 'close' listener per
    // read were about 6 % of an admin list page's CPU (issue 10, goal 5).
    const { 'content-length': length, 'transfer-encoding': encoding } = raw.headers;
    if (encoding === undefined && (length === undefined || length === '0')) return;
    raw[DEADLINE] = true;
    const deadlineMs = request.routeOptions.config?.requestDeadlineMs ?? options.defaultMs;
    const timer = setTimeout(() => {
      // Arrived in time: what the handler does with it is not bounded here.
      if (raw.complete || socket.destroyed) return;
      request.log.info({ deadlineMs }, 'request still arriving at its deadline; closing the connection');
      // An answer already started (a refusal sent before the body was read) cannot be
      // followed by a 408: the connection is only closed.
      if (reply.raw.headersSent) {
        socket.destroy();
        return;
      }
      // The same 408 problem+json node's own request timeout gives.
      const error = Object.assign(new Error(`request did not arrive within ${deadlineMs} ms`), {
        code: 'ERR_HTTP_REQUEST_TIMEOUT',
      });
      handleClientError.call(app, error, socket);
    }, deadlineMs);
    timer.unref();
    // 'close' comes once the whole request was read (even if only drained after the answer)
    // or the connection is gone, never while a body is still arriving.
    raw.once('close', () => clearTimeout(timer));
  };

  // The first hook of the app, before any that may wait (sessions, rate limits, a route's own checks).
  app.addHook('onRequest', (request, reply, done) => {
    armRequestDeadline(request, reply);
    done();
  });

  return { armRequestDeadline };
};
