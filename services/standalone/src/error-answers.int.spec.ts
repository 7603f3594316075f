// Every answer that is not a success is problem+json with a fixed text: fastify's own
// refusals included, and never an internal error message. Real HTTP, since node refuses
// some headers (ERR_INVALID_CHAR) only when it writes them to a socket.

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStandaloneForTest, type StandaloneTestServer } from '../test/test-server.ts';

let server: StandaloneTestServer;
let cookie: string;

beforeAll(async () => {
  server = await startStandaloneForTest({ adminUrl: inject('pgAdminUrl') });
  const account = { email: 'returner@example.com', password: 'correct horse 42' };
  const signUp = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, firstName: 'Ada', lastName: 'Obi' }),
  });
  expect(signUp.status).toBe(202);
  // Sign-up sets no session: the password signs in.
  const signIn = await fetch(`${server.url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(signIn.status).toBe(200);
  cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('acres.sid='))!
    .split(';')[0]!;
});
afterAll(async () => server?.close());

type Problem = { type: string; title: string; status: number; detail: string };

/** Internal texts of fastify and node that must never reach a client. */
const INTERNAL =
  /FST_|ERR_|is not a valid url component|exceeding the max param length|Invalid character|stack|at \w+ \(|node:internal|Unexpected token|Body cannot be empty/i;

const expectProblem = async (response: Response, status: number) => {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const text = await response.text();
  expect(text).not.toMatch(INTERNAL);
  const body = JSON.parse(text) as Problem;
  expect(body).toMatchObject({ type: 'about:blank', status });
  expect(body.title.length).toBeGreaterThan(0);
  expect(body.detail.length).toBeGreaterThan(0);
  return body;
};

/** Sends raw bytes (what no HTTP client would send) and returns the whole answer. */
const sendRaw = (request: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect({ port: server.port, host: '127.0.0.1' }, () => socket.write(request));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => socket.destroy());
  });

describe('GET /api/login for a signed-in user', () => {
  it.each([
    ['/%E2%80%A8', '/%E2%80%A8'],
    ['/dashboard%E3%80%82x', '/dashboard%E3%80%82x'],
    ['/caf%C3%A9?x=%C3%A9', '/caf%C3%A9?x=%C3%A9'],
    ['/a%20b', '/a%20b'],
    // Unsafe values become the landing, which for a signed-in user means the dashboard.
    ['/a%0D%0ASet-Cookie:%20x=1', '/dashboard'],
    ['/%09/evil.com', '/dashboard'],
    ['//evil.com', '/dashboard'],
    ['/dashboard', '/dashboard'],
  ])('redirects returnTo=%s to %s on this site', async (returnTo, location) => {
    const response = await fetch(`${server.url}/api/login?returnTo=${returnTo}`, { headers: { cookie }, redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(location);
  });

  // Not UTF-8 (an encoded surrogate): refused at the edge like any query field, naming it
  // (it used to pass as its raw escapes; no page of ours can build it).
  it('answers a returnTo that is not UTF-8 with a 400 naming it', async () => {
    const response = await fetch(`${server.url}/api/login?returnTo=/%ED%A0%80`, { headers: { cookie }, redirect: 'manual' });
    const body = (await expectProblem(response, 400)) as Problem & { errors: unknown };
    expect(body.errors).toEqual([{ field: 'returnTo', message: 'returnTo must be valid UTF-8 text' }]);
  });

  it('carries an encoded returnTo to the sign-in page when signed out', async () => {
    const response = await fetch(`${server.url}/api/login?returnTo=/dashboard%E3%80%82x`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/signin?returnTo=${encodeURIComponent('/dashboard%E3%80%82x')}`);
  });
});

describe("fastify's own refusals", () => {
  it('answers a malformed URL with 400', async () => {
    expect((await expectProblem(await fetch(`${server.url}/%`), 400)).detail).toBe('The request path is not a valid URL');
    await expectProblem(await fetch(`${server.url}/api/admin/payments/%E0%A4%A/status`, { method: 'PUT' }), 400);
  });

  it('answers a too-long path parameter with 414', async () => {
    const response = await fetch(`${server.url}/api/admin/payments/${'a'.repeat(500)}/status`, { method: 'PUT' });
    expect((await expectProblem(response, 414)).detail).toBe('A part of the request path is too long');
  });

  it('answers a wrong content type with 415 and broken JSON with 400', async () => {
    await expectProblem(
      await fetch(`${server.url}/api/leads`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }),
      415,
    );
    await expectProblem(
      await fetch(`${server.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":',
      }),
      400,
    );
    await expectProblem(
      await fetch(`${server.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"__proto__":{"x":1}}',
      }),
      400,
    );
  });

  it('answers an unknown method or path with 404', async () => {
    await expectProblem(await fetch(`${server.url}/api/leads`, { method: 'PATCH' }), 404);
    await expectProblem(await fetch(`${server.url}/api/leads`, { method: 'PROPFIND' }), 404);
    await expectProblem(await fetch(`${server.url}/admin`, { method: 'DELETE' }), 404);
  });

  it('answers unparsable HTTP with a problem+json 400 and closes the connection', async () => {
    for (const request of [
      'FOO BAR BAZ\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
      'BREW /api/leads HTTP/1.1\r\nHost: x\r\n\r\n',
    ]) {
      const answer = await sendRaw(request);
      expect(answer, request).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('Content-Type: application/problem+json');
      expect(answer).not.toMatch(INTERNAL);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 400 });
    }
  });

  it('answers oversized headers with a problem+json 431', async () => {
    const answer = await sendRaw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain('Content-Type: application/problem+json');
  });
});
