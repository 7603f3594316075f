// A NUL or invalid UTF-8 in any query, path or body field is a 400 naming the field, never
// a 500 (PostgreSQL cannot store either): one rule at the edge, walked over every route of
// the OpenAPI document the way the fuzz spec walks them, with its credentials so the rule
// is reached behind the guards.

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchDocument, routesOfDocument } from '../test/fuzz/run.ts';
import { VALID_BODIES } from '../test/fuzz/requests.ts';
import { signUpWalker } from '../test/fuzz/credentials.ts';
import { startStandaloneForTest, type StandaloneTestServer } from '../test/test-server.ts';

let server: StandaloneTestServer;
let headers: Record<string, string>;

beforeAll(async () => {
  server = await startStandaloneForTest({ adminUrl: inject('pgAdminUrl') });
  const credentials = await signUpWalker(server, 'nul@example.com');
  headers = { cookie: credentials.sessionCookie, authorization: credentials.adminAuthorization };
});
afterAll(async () => server?.close());

type Problem = { status: number; errors?: { field: string; message: string }[] };

const expectRefusal = async (response: Response, field: string) => {
  const text = await response.text();
  expect(response.status, text).toBe(400);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const problem = JSON.parse(text) as Problem;
  expect(problem.errors).toEqual([{ field, message: expect.stringContaining(field) }]);
  return problem;
};

describe('finding 7: the public status lookup', () => {
  it('answers a NUL in applicationNumber with a 400 naming it, not a 500', async () => {
    const response = await fetch(`${server.url}/api/subscriptions/status?applicationNumber=%00&email=a@b.co`);
    const problem = await expectRefusal(response, 'applicationNumber');
    expect(problem.errors![0]!.message).toBe('applicationNumber must not contain a NUL character');
  });

  it('answers an escape of invalid UTF-8 (%FF) with a 400 naming the field', async () => {
    const response = await fetch(`${server.url}/api/subscriptions/status?applicationNumber=AC-1&email=a%FF@b.co`);
    const problem = await expectRefusal(response, 'email');
    expect(problem.errors![0]!.message).toBe('email must be valid UTF-8 text');
  });
});

describe('a JSON body with invalid UTF-8 bytes', () => {
  it('is a 400 naming the field that holds them', async () => {
    const json = JSON.stringify({ ...(VALID_BODIES['POST /api/leads']!() as object), notes: 'MARK' });
    const [before, after] = json.split('MARK') as [string, string];
    const body = Buffer.concat([Buffer.from(`${before}ab`), Buffer.from([0xff, 0xc3]), Buffer.from(`cd${after}`)]);
    const response = await fetch(`${server.url}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    await expectRefusal(response, 'notes');
  });

  it('is a 400 for a JSON escape of a lone surrogate too', async () => {
    const json = JSON.stringify({ ...(VALID_BODIES['POST /api/leads']!() as object), fullName: 'MARK' });
    const response = await fetch(`${server.url}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: json.replace('MARK', 'Ada \\ud800'),
    });
    await expectRefusal(response, 'fullName');
  });
});

type Parameter = { name: string; in: string };
type Operation = { parameters?: Parameter[] };

/** Every leaf of a sample body, as a path of keys. */
const leavesOf = (value: unknown, path: (string | number)[] = []): (string | number)[][] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, Array.isArray(value) ? Number(key) : key]))
    : [path];

const withLeaf = (value: unknown, path: (string | number)[], leaf: unknown): unknown => {
  if (path.length === 0) return leaf;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]!] = withLeaf(copy[path[0]!], path.slice(1), leaf);
  return copy;
};

/**
 * Refusals that come before the rule on purpose, with no SQL: the upload URL's signed token
 * is checked in onRequest, before a byte of the image is read (a NUL cannot be signed).
 */
const PRECEDING_REFUSALS: Record<string, number> = { 'PUT /api/objects/upload/x%00': 403 };

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UUID = '0f8e8a52-2c3b-4c5e-9d1a-3b2c1d0e9f8a';

describe('every route of the OpenAPI document', () => {
  it('answers a NUL in each query parameter, path parameter and body field with a 400 naming it', async () => {
    const document = (await fetchDocument(server.app)) as unknown as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let sent = 0;
    const send = async (method: string, url: string, field: string, payload?: unknown) => {
      const response = await server.app.inject({
        method: method as 'GET',
        url,
        headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });
      sent += 1;
      const problem = response.statusCode === 400 ? (response.json() as Problem) : undefined;
      const named = problem?.errors?.length === 1 && problem.errors[0]!.field === field;
      const preceded = PRECEDING_REFUSALS[`${method} ${url}`] === response.statusCode;
      if (!named && !preceded)
        failures.push(`${method} ${url} (${field}): ${response.statusCode} ${response.body.slice(0, 200)}`);
    };
    for (const route of routesOfDocument(document)) {
      const template = document.paths[route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]!;
      const operation = template[route.method.toLowerCase()]!;
      const parameters = operation.parameters ?? [];
      const fillPath = (nulIn?: string) =>
        route.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => (name === nulIn ? 'x%00' : UUID));
      for (const parameter of parameters.filter((p) => p.in === 'query'))
        await send(route.method, `${fillPath()}?${encodeURIComponent(parameter.name)}=a%00b`, parameter.name);
      const sample = VALID_BODIES[`${route.method} ${route.url}`]?.();
      // A write with no body is refused (415) before the rule: send its sample, or {}.
      const pathBody = WRITE_METHODS.has(route.method) ? (sample ?? {}) : undefined;
      for (const parameter of parameters.filter((p) => p.in === 'path'))
        await send(route.method, fillPath(parameter.name), parameter.name, pathBody);
      if (sample === undefined) continue;
      for (const leaf of leavesOf(sample)) {
        if (leaf.length === 0) continue;
        await send(route.method, fillPath(), leaf.join('.'), withLeaf(sample, leaf, 'x\u0000y'));
      }
    }
    // Not vacuous: query, path and body fields of many routes were tried.
    expect(sent).toBeGreaterThan(100);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);
});
