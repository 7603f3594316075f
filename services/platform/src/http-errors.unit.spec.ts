import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createHttpApp } from './http.ts';
import { createLogger } from './logger.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = createHttpApp({ logger: createLogger({ level: 'silent', pretty: false }) });
  app.get('/bad-header', async (_request, reply) => reply.redirect('/\u2028', 302));
  app.get('/bug', async () => {
    throw new Error('connection to 10.0.0.7:5432 refused, password for user acres');
  });
  app.get('/plugin-refusal', async () => {
    throw Object.assign(new Error('Rate limit exceeded for key 10.0.0.7 in bucket internal-7'), { statusCode: 429 });
  });
  app.get('/items/:id', async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => app?.close());

const problemOf = (response: { headers: Record<string, unknown>; body: string }) => {
  expect(String(response.headers['content-type'])).toContain('application/problem+json');
  return JSON.parse(response.body) as { status: number; detail: string };
};

describe('error answers never show internal messages', () => {
  it('answers a header node refuses (ERR_INVALID_CHAR) with a clean 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/bad-header' });
    expect(response.statusCode).toBe(500);
    expect(response.headers.location).toBeUndefined();
    expect(problemOf(response).detail).toBe('Something went wrong on our side. Please try again.');
    expect(response.body).not.toMatch(/ERR_INVALID_CHAR|Invalid character/);
  });

  it('hides the message of an unexpected error', async () => {
    const response = await app.inject({ method: 'GET', url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('10.0.0.7');
  });

  it("keeps a plugin's 4xx status but not its message", async () => {
    const response = await app.inject({ method: 'GET', url: '/plugin-refusal' });
    expect(response.statusCode).toBe(429);
    expect(problemOf(response).detail).toBe('Too many requests. Please wait and try again.');
    expect(response.body).not.toContain('internal-7');
  });

  it.each([
    ['/items/%', 400, 'The request path is not a valid URL'],
    [`/items/${'x'.repeat(200)}`, 414, 'A part of the request path is too long'],
  ])("maps fastify's refusal of %s to %i with a fixed text", async (url, status, detail) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(problemOf(response).detail).toBe(detail);
    expect(response.headers['content-security-policy']).toBeDefined();
  });
});
