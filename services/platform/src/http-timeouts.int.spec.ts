// Slow clients must not hold connections: a request whose body (or headers) never
// finishes, or an idle keep-alive connection, is closed by the server; a route may allow
// a slow but steady body longer (uploads), never a stalled one. Raw sockets, because an
// HTTP client library would not send half a request.

import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createHttpApp, DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './http.ts';
import { createLogger } from './logger.ts';

const apps: FastifyInstance[] = [];
// Each test has servers of its own, so they run side by side (most of the file is waiting for
// the server's timers) and are all closed at the end.
afterAll(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const startApp = async (timeouts?: Partial<HttpTimeouts>, options: { slowDeadlineMs?: number } = {}) => {
  const app = createHttpApp({ logger: createLogger({ level: 'silent', pretty: false }), timeouts });
  const echo = async (request: { body: unknown }) => ({ received: JSON.stringify(request.body).length });
  app.post('/echo', echo);
  // Opts in to a longer deadline, as the upload route does; every test has one, so node's
  // own server-wide limit is always the raised one and the ordinary deadline is ours.
  app.post('/slow', { config: { requestDeadlineMs: options.slowDeadlineMs ?? 120_000 } }, echo);
  app.get('/ping', async () => ({ ok: true }));
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

/** Opens a socket, runs `talk` on it, and resolves with what came back and when the server closed it. */
const openSocket = (port: number) => {
  const socket = net.connect({ port, host: '127.0.0.1' });
  const started = Date.now();
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) => {
    socket.on('close', () => resolve({ afterMs: Date.now() - started, received }));
  });
  return { socket, closed, ready: new Promise((resolve) => socket.once('connect', resolve)) };
};

const partialBodyRequest = (path: string, contentLength = 1000) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n{"a":"`;
const PARTIAL_BODY_REQUEST = partialBodyRequest('/echo');

const bodyOf = (received: string) => JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4));

const expect408 = (received: string) => {
  expect(received).toMatch(/^HTTP\/1\.1 408 /);
  expect(received).toContain('Content-Type: application/problem+json');
  expect(bodyOf(received)).toMatchObject({ status: 408, title: 'Request Timeout' });
};

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms)),
  ]);

/**
 * Sends `request` on a fresh socket, then `drip.text` (a byte unless said) every `drip.everyMs`:
 * never idle, never finished. What came back, and when the server closed it.
 */
const sendUntilClosed = async (
  port: number,
  request: string,
  options: { withinMs: number; drip?: { everyMs: number; text?: string } },
) => {
  const { socket, closed, ready } = openSocket(port);
  await ready;
  socket.write(request);
  const { drip } = options;
  const dripping = drip && setInterval(() => socket.writable && socket.write(drip.text ?? 'x'), drip.everyMs);
  try {
    return await within(closed, options.withinMs);
  } finally {
    clearInterval(dripping);
  }
};

describe.concurrent('HTTP timeouts', () => {
  it('defaults to closing a stalled request well within 30 s', () => {
    expect(DEFAULT_HTTP_TIMEOUTS.requestMs).toBeLessThanOrEqual(30_000);
    expect(DEFAULT_HTTP_TIMEOUTS.idleMs).toBeLessThanOrEqual(30_000);
    expect(DEFAULT_HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(DEFAULT_HTTP_TIMEOUTS.requestMs);
    expect(DEFAULT_HTTP_TIMEOUTS.keepAliveMs).toBeLessThanOrEqual(30_000);
  });

  it('closes a connection whose body never finishes within 30 s with the production defaults', async () => {
    const port = await startApp();
    const { afterMs } = await sendUntilClosed(port, PARTIAL_BODY_REQUEST, { withinMs: 30_000 });
    expect(afterMs).toBeLessThan(30_000);
  }, 45_000);

  it('answers 408 to a body trickled forever within 30 s with the production defaults, though another route allows 2 minutes', async () => {
    const port = await startApp();
    const { afterMs, received } = await sendUntilClosed(port, PARTIAL_BODY_REQUEST, {
      withinMs: 30_000,
      drip: { everyMs: 1_000 },
    });
    expect(afterMs).toBeGreaterThanOrEqual(DEFAULT_HTTP_TIMEOUTS.requestMs - 100);
    expect408(received);
  }, 45_000);

  it('closes a connection that trickles its body forever once the request deadline passes, answering 408', async () => {
    const port = await startApp({ requestMs: 1_500, headersMs: 1_000, idleMs: 20_000 });
    const { afterMs, received } = await sendUntilClosed(port, PARTIAL_BODY_REQUEST, { withinMs: 5_000, drip: { everyMs: 100 } });
    expect(afterMs).toBeGreaterThanOrEqual(1_400);
    expect408(received);
  });

  it('accepts a slow but steady body on a route that allows it longer than the ordinary deadline', async () => {
    const port = await startApp({ requestMs: 1_000, headersMs: 500, idleMs: 800 }, { slowDeadlineMs: 6_000 });
    const { socket, closed, ready } = openSocket(port);
    await ready;
    const body = `{"a":"${'x'.repeat(25)}"}`;
    socket.write(partialBodyRequest('/slow', body.length));
    // 25 bytes 100 ms apart: 2.5 s, well past the ordinary 1 s, never idle for 800 ms.
    for (const byte of body.slice('{"a":"'.length)) {
      await sleep(100);
      socket.write(byte);
    }
    const { afterMs, received } = await within(closed, 5_000);
    expect(afterMs).toBeGreaterThan(2_000);
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(bodyOf(received)).toEqual({ received: body.length });
  });

  it('still closes a stalled body on that route after the idle timeout, long before its deadline', async () => {
    const port = await startApp({ requestMs: 1_000, headersMs: 500, idleMs: 800 }, { slowDeadlineMs: 10_000 });
    const { afterMs, received } = await sendUntilClosed(port, partialBodyRequest('/slow'), { withinMs: 5_000 });
    expect(afterMs).toBeGreaterThanOrEqual(700);
    expect(afterMs).toBeLessThan(3_000);
    expect(received).toBe('');
  });

  it('answers 408 to a body trickled past the longer deadline of that route', async () => {
    const port = await startApp({ requestMs: 1_000, headersMs: 500, idleMs: 800 }, { slowDeadlineMs: 2_500 });
    const { afterMs, received } = await sendUntilClosed(port, partialBodyRequest('/slow'), {
      withinMs: 6_000,
      drip: { everyMs: 100 },
    });
    expect(afterMs).toBeGreaterThanOrEqual(2_400);
    expect408(received);
  });

  it("cuts a trickled body on an ordinary route at its own deadline, not the longest route's", async () => {
    const port = await startApp({ requestMs: 1_000, headersMs: 500, idleMs: 800 }, { slowDeadlineMs: 20_000 });
    const { afterMs, received } = await sendUntilClosed(port, PARTIAL_BODY_REQUEST, { withinMs: 5_000, drip: { everyMs: 100 } });
    expect(afterMs).toBeGreaterThanOrEqual(900);
    expect(afterMs).toBeLessThan(3_000);
    expect408(received);
  });

  it('cuts a trickled body sent to a malformed URL, which no route hook sees', async () => {
    const port = await startApp({ requestMs: 1_000, headersMs: 500, idleMs: 800 }, { slowDeadlineMs: 20_000 });
    // A broken percent-escape, on a connection the client wants kept alive.
    const { afterMs, received } = await sendUntilClosed(
      port,
      PARTIAL_BODY_REQUEST.replace('POST /echo ', 'POST /%E0%A4%A ').replace('Connection: close\r\n', ''),
      { withinMs: 5_000, drip: { everyMs: 100 } },
    );
    // Refused at once; the body it keeps sending is drained only until the ordinary deadline.
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expect(afterMs).toBeGreaterThanOrEqual(900);
    expect(afterMs).toBeLessThan(3_000);
  });

  it('closes a connection whose headers never finish', async () => {
    const port = await startApp({ requestMs: 3_000, headersMs: 1_000, idleMs: 20_000 });
    const { afterMs } = await sendUntilClosed(port, 'GET /ping HTTP/1.1\r\nHost: localhost\r\n', {
      withinMs: 5_000,
      drip: { everyMs: 100, text: 'X-A: b\r\n' },
    });
    expect(afterMs).toBeLessThan(3_000);
  });

  it('closes a silent connection after the idle timeout', async () => {
    const port = await startApp({ requestMs: 30_000, headersMs: 30_000, idleMs: 800 });
    const { afterMs } = await sendUntilClosed(port, PARTIAL_BODY_REQUEST, { withinMs: 5_000 });
    expect(afterMs).toBeLessThan(3_000);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const port = await startApp({ keepAliveMs: 500 });
    const { afterMs, received } = await sendUntilClosed(port, 'GET /ping HTTP/1.1\r\nHost: localhost\r\n\r\n', {
      withinMs: 5_000,
    });
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(afterMs).toBeLessThan(3_000);
  });
});
