// Slow clients must not hold connections: a request whose body (or headers) never
// finishes, or an idle keep-alive connection, is closed by the server. Raw sockets,
// because an HTTP client library would not send half a request.

import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpApp, DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './http.ts';
import { createLogger } from './logger.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const startApp = async (timeouts?: Partial<HttpTimeouts>) => {
  const app = createHttpApp({ logger: createLogger({ level: 'silent', pretty: false }), timeouts });
  app.post('/echo', async (request) => ({ received: JSON.stringify(request.body).length }));
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

const PARTIAL_BODY_REQUEST = 'POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":"';

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms))]);

describe('HTTP timeouts', () => {
  it('defaults to closing a stalled request well within 30 s', () => {
    expect(DEFAULT_HTTP_TIMEOUTS.requestMs).toBeLessThanOrEqual(30_000);
    expect(DEFAULT_HTTP_TIMEOUTS.idleMs).toBeLessThanOrEqual(30_000);
    expect(DEFAULT_HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(DEFAULT_HTTP_TIMEOUTS.requestMs);
    expect(DEFAULT_HTTP_TIMEOUTS.keepAliveMs).toBeLessThanOrEqual(30_000);
  });

  it('closes a connection whose body never finishes within 30 s with the production defaults', async () => {
    const port = await startApp();
    const { socket, closed, ready } = openSocket(port);
    await ready;
    socket.write(PARTIAL_BODY_REQUEST);
    const { afterMs } = await within(closed, 30_000);
    expect(afterMs).toBeLessThan(30_000);
  }, 45_000);

  it('closes a connection that trickles its body forever once the request deadline passes, answering 408', async () => {
    const port = await startApp({ requestMs: 1_500, headersMs: 1_000, idleMs: 20_000 });
    const { socket, closed, ready } = openSocket(port);
    await ready;
    socket.write(PARTIAL_BODY_REQUEST);
    // A byte every 100 ms: never idle, never finished.
    const trickle = setInterval(() => socket.writable && socket.write('x'), 100);
    try {
      const { afterMs, received } = await within(closed, 5_000);
      expect(afterMs).toBeGreaterThanOrEqual(1_400);
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(received).toContain('Content-Type: application/problem+json');
      expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 408, title: 'Request Timeout' });
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes a connection whose headers never finish', async () => {
    const port = await startApp({ requestMs: 3_000, headersMs: 1_000, idleMs: 20_000 });
    const { socket, closed, ready } = openSocket(port);
    await ready;
    socket.write('GET /ping HTTP/1.1\r\nHost: localhost\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X-A: b\r\n'), 100);
    try {
      const { afterMs } = await within(closed, 5_000);
      expect(afterMs).toBeLessThan(3_000);
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes a silent connection after the idle timeout', async () => {
    const port = await startApp({ requestMs: 30_000, headersMs: 30_000, idleMs: 800 });
    const { socket, closed, ready } = openSocket(port);
    await ready;
    socket.write(PARTIAL_BODY_REQUEST);
    const { afterMs } = await within(closed, 5_000);
    expect(afterMs).toBeLessThan(3_000);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const port = await startApp({ keepAliveMs: 500 });
    const { socket, closed, ready } = openSocket(port);
    await ready;
    socket.write('GET /ping HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const { afterMs, received } = await within(closed, 5_000);
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(afterMs).toBeLessThan(3_000);
  });
});
