// The OpenAPI document of the standalone server against the app itself: every route is in it,
// what it says a request may carry agrees with what the routes validate, its security
// requirements are the ones the routes enforce, and the reference page runs no script.

import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import {
  validAffiliateRegistration,
  validApplication,
  validLead,
  validPaymentProof,
  validSaleReport,
  validSignUp,
} from '@acres/fixtures';
import { formatContentSecurityPolicy } from '@acres/platform/security-headers';
import { DOCS_CSS_PATH, DOCS_PATH, OPENAPI_JSON_PATH } from '@acres/platform/openapi/plugin';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchDocument, fuzzTargets, listRoutes, routesOfDocument, UNDOCUMENTED_ROUTES } from '../test/fuzz/run.ts';
import { AFFILIATE_REGISTRATION, DOCUMENT_SAMPLES as documents, VALID_BODIES } from '../test/fuzz/requests.ts';
import { createRandom, mutate, ODD_STRINGS } from '../test/fuzz/random.ts';
import { startStandaloneForTest, TEST_ADMIN, type StandaloneTestServer } from '../test/test-server.ts';

// The document is checked by ajv, not by types: reading it field by field stays untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
type Operation = { method: string; path: string; url: string; operation: Json };

const UUID = '0f8e8a52-2c3b-4c5e-9d1a-3b2c1d0e9f8a';
const ADMIN_AUTHORIZATION = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;
const MUTATIONS_PER_BODY = Number(process.env.OPENAPI_MUTATIONS ?? 150);

let server: StandaloneTestServer;
let document: Json;
let sessionCookie: string;
let proofImagePath: string;
let nextAddress = 0;

/** A 1×1 RGB PNG: the upload route reads the real bytes. */
const tinyPng = () => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 200, 120, 40]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

beforeAll(async () => {
  server = await startStandaloneForTest({ adminUrl: inject('pgAdminUrl') });
  const account = validSignUp({ email: 'openapi@example.com' });
  const signUp = await server.app.inject({ method: 'POST', url: '/api/auth/signup', payload: account });
  expect(signUp.statusCode, signUp.body).toBe(202);
  // Sign-up sets no session: the password signs in.
  const signIn = await server.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email: account.email, password: account.password },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  sessionCookie = String(signIn.headers['set-cookie']).match(/acres\.sid=[^;]+/)![0];
  const affiliate = await server.app.inject({
    method: 'POST',
    url: '/api/affiliate/register',
    headers: { cookie: sessionCookie },
    payload: AFFILIATE_REGISTRATION,
  });
  expect(affiliate.statusCode, affiliate.body).toBe(201);
  // A real proof, so the payment sample passes the route's own checks too.
  const issued = await server.app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers: { cookie: sessionCookie },
    payload: { purpose: 'payment-proof' },
  });
  expect(issued.statusCode, issued.body).toBe(200);
  const put = await server.app.inject({
    method: 'PUT',
    url: issued.json<{ uploadURL: string }>().uploadURL,
    headers: { cookie: sessionCookie, 'content-type': 'image/png' },
    payload: tinyPng(),
  });
  expect(put.statusCode, put.body).toBe(200);
  proofImagePath = put.json<{ objectPath: string }>().objectPath;
  await documents.upload(server.app, ADMIN_AUTHORIZATION);
  document = await fetchDocument(server.app);
});
afterAll(async () => server?.close());

const operations = (): Operation[] =>
  Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      url: path.replace(/\{([^}/]+)\}/g, ':$1'),
      operation,
    })),
  );

// The document's schemas are JSON Schema 2020-12 (OpenAPI 3.1); refs point into its components.
const newAjv = (options: { coerceTypes?: boolean } = {}) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, ...options });
  addFormats(ajv);
  return ajv;
};
const ajv = newAjv();
// Parameters arrive as strings; the document's types say how they are read, as an OpenAPI client would.
const ajvParameters = newAjv({ coerceTypes: true });
const compile = (schema: Json, instance = ajv) => instance.compile({ ...schema, components: document.components });
const bodySchemaOf = (operation: Json): Json | undefined => operation.requestBody?.content?.['application/json']?.schema;
const parametersOf = (operation: Json, where: 'query' | 'path'): Json[] =>
  (operation.parameters ?? []).filter((parameter: Json) => parameter.in === where);

/** One remote address per request: the sign-up and sign-in limits count per address. */
const remoteAddress = () => {
  nextAddress += 1;
  return `10.77.${Math.floor(nextAddress / 250) % 250}.${1 + (nextAddress % 250)}`;
};

/**
 * With the credentials the operation's security asks for, so its guard never answers before
 * validation does; no others (a sign-in with the shared cookie would end that session).
 */
const send = (entry: Operation, url: string, payload?: unknown) => {
  const schemes = new Set((entry.operation.security ?? []).flatMap((requirement: Json) => Object.keys(requirement)));
  return server.app.inject({
    method: entry.method as 'GET',
    url,
    remoteAddress: remoteAddress(),
    headers: {
      ...(schemes.has('adminBasic') ? { authorization: ADMIN_AUTHORIZATION } : {}),
      ...(schemes.has('sessionCookie') ? { cookie: sessionCookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
};

// Compiled once per parameter schema: compiling afresh for each of the thousands of values
// tried was half of this file's time.
const acceptors = new Map<Ajv2020, Map<Json | undefined, (data: unknown) => boolean>>();
const accepts = (schema: Json | undefined, value: string, instance = ajvParameters) => {
  const compiled = acceptors.get(instance) ?? acceptors.set(instance, new Map()).get(instance)!;
  if (!compiled.has(schema))
    compiled.set(schema, compile({ type: 'object', properties: { value: schema ?? {} }, required: ['value'] }, instance));
  return compiled.get(schema)!({ value });
};

const encodable = (value: string) => {
  try {
    return encodeURIComponent(value) !== undefined;
  } catch {
    return false; // a lone surrogate
  }
};

/** A value each parameter's schema accepts, tried in this order (a uuid first for ids). */
const PARAMETER_SAMPLES = [
  UUID,
  '10',
  '1',
  '2024-09',
  '2024-09-30',
  'pending',
  // The data export's subject kind.
  'user',
  'sample',
  'applicant@example.com',
  '1:sms:+2348012345678',
  'lead',
];
const sampleFor = (parameter: Json) => PARAMETER_SAMPLES.find((value) => accepts(parameter.schema, value));

const validUrl = (entry: Operation, override: { name: string; in: string; value: string } | null = null, omit?: string) => {
  let url = entry.path;
  for (const parameter of parametersOf(entry.operation, 'path')) {
    const value = override?.in === 'path' && override.name === parameter.name ? override.value : sampleFor(parameter)!;
    url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
  }
  const query = new URLSearchParams();
  for (const parameter of parametersOf(entry.operation, 'query')) {
    if (parameter.name === omit) continue;
    if (override?.in === 'query' && override.name === parameter.name) query.set(parameter.name, override.value);
    else if (parameter.required) query.set(parameter.name, sampleFor(parameter)!);
  }
  return query.size > 0 ? `${url}?${query}` : url;
};

/** Valid sample bodies of each command: the shared fixtures and the fuzz's near-valid ones. */
const FIXTURES: Record<string, (() => unknown)[]> = {
  'POST /api/leads': [() => validLead()],
  'POST /api/subscriptions': [() => validApplication()],
  'POST /api/payments': [() => validPaymentProof({ proofImagePath })],
  'POST /api/affiliate/register': [() => validAffiliateRegistration()],
  'POST /api/affiliate/report-sale': [() => validSaleReport()],
  'POST /api/auth/signup': [() => validSignUp({ email: 'openapi-sample@example.com' })],
  ...documents.samples,
};
const samplesOf = (entry: Operation) => {
  const name = `${entry.method} ${entry.url}`;
  // The fuzz's payment and documents name a file that was never uploaded: valid for the schema, not for the route.
  const fuzzSample = VALID_BODIES[name] && !documents.namesUpload(name) ? [VALID_BODIES[name]] : [];
  return [...(FIXTURES[name] ?? []), ...fuzzSample].map((make) => make());
};

/** Each property removed, and each set to a value of another type: the document rejects most. */
const systematicMutations = (sample: Json): unknown[] =>
  Object.keys(sample).flatMap((key) => {
    const { [key]: original, ...without } = sample;
    const other =
      typeof original === 'string'
        ? 12345
        : typeof original === 'number'
          ? 'twelve'
          : typeof original === 'boolean'
            ? 'yes'
            : 'x';
    return [without, { ...sample, [key]: other }, { ...sample, [key]: null }, { ...sample, [key]: [original] }];
  });

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the Acres API info, a server and the security schemes', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Acres API', version: expect.any(String) });
    const rootVersion = (
      JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string }
    ).version;
    const platformVersion = (
      JSON.parse(readFileSync(new URL('../../platform/package.json', import.meta.url), 'utf8')) as { version: string }
    ).version;
    expect(document.info.version).toBe(rootVersion ?? platformVersion);
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(document.components.securitySchemes).toMatchObject({
      adminBasic: { type: 'http', scheme: 'basic' },
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'acres.sid' },
      metricsToken: { type: 'http', scheme: 'bearer' },
    });
  });

  it('lists every route of the app with its method, and nothing else', () => {
    const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    const documented = routesOfDocument(document as never).map(key);
    const appRoutes = listRoutes(server.app);
    const expected = appRoutes
      .filter((route) => route.method !== 'HEAD')
      .filter((route) => !UNDOCUMENTED_ROUTES.some((left) => key(left) === key(route)))
      .map(key);
    expect(documented.toSorted()).toEqual(expected.toSorted());
    // The routes left out are really there, and the HEAD twins are GETs' (so the fuzz reaches all).
    expect(new Set(fuzzTargets(document as never, appRoutes).map(key))).toEqual(new Set(appRoutes.map(key)));
    console.info(`openapi: ${documented.length} operations on ${Object.keys(document.paths).length} paths`);
    expect(documented.length).toBeGreaterThanOrEqual(30);
  });

  it('documents the request schemas the routes validate: path ids, queries and bodies', () => {
    const op = (method: string, path: string) => document.paths[path][method.toLowerCase()];
    expect(parametersOf(op('PUT', '/api/admin/payments/{id}/status'), 'path')).toEqual([
      expect.objectContaining({ name: 'id', required: true, schema: expect.objectContaining({ format: 'uuid' }) }),
    ]);
    expect(
      parametersOf(op('GET', '/api/admin/leads'), 'query')
        .map((parameter) => parameter.name)
        .toSorted(),
    ).toEqual(['cursor', 'limit', 'offset', 'overdue', 'owner', 'search', 'stage']);
    const asOf = ['asOf', 'asOfDate', 'asOfTime'].map((name) => expect.objectContaining({ name, required: false }));
    expect(parametersOf(op('GET', '/api/affiliate/statements'), 'query')).toEqual([
      expect.objectContaining({ name: 'month', required: true }),
      ...asOf,
    ]);
    expect(bodySchemaOf(op('POST', '/api/leads'))).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['fullName', 'email', 'consent']),
    });
    // SPEC 7 is a public contract: the consent text versions its payloads lack are documented as optional.
    expect(bodySchemaOf(op('POST', '/api/leads'))?.required).not.toContain('consentVersion');
    expect(bodySchemaOf(op('POST', '/api/subscriptions'))?.required).not.toContain('acknowledgmentVersion');
    expect(bodySchemaOf(op('POST', '/api/subscriptions'))?.properties).toHaveProperty('acknowledgmentVersion');
  });

  it('marks the guarded routes with the security they enforce, and each answers 401 without it', async () => {
    const guarded = operations().filter((entry) => entry.operation.security);
    for (const entry of operations().filter((item) => item.path.startsWith('/api/admin/'))) {
      expect(entry.operation.security, `${entry.method} ${entry.path}`).toEqual([{ adminBasic: [] }]);
    }
    for (const name of [
      'POST /api/payments',
      'GET /api/auth/user',
      'GET /api/affiliate/stats',
      'POST /api/affiliate/report-sale',
    ]) {
      const [method, path] = name.split(' ') as [string, string];
      expect(document.paths[path][method.toLowerCase()].security, name).toEqual([{ sessionCookie: [] }]);
    }
    expect(document.paths['/metrics'].get.security).toEqual([{ adminBasic: [] }, { metricsToken: [] }]);
    for (const entry of guarded) {
      const response = await server.app.inject({
        method: entry.method as 'GET',
        url: validUrl(entry),
        remoteAddress: remoteAddress(),
        ...(bodySchemaOf(entry.operation) ? { headers: { 'content-type': 'application/json' }, payload: '{}' } : {}),
      });
      expect(response.statusCode, `${entry.method} ${entry.path} without credentials`).toBe(401);
    }
    expect(guarded.length).toBeGreaterThanOrEqual(20);
  });

  it('accepts the valid sample bodies the routes accept, and each body it rejects is refused with 400', async () => {
    const withBody = operations().filter((entry) => bodySchemaOf(entry.operation));
    expect(withBody.length).toBeGreaterThanOrEqual(9);
    let rejected = 0;
    for (const entry of withBody) {
      const name = `${entry.method} ${entry.path}`;
      const validate = compile(bodySchemaOf(entry.operation)!);
      const samples = samplesOf(entry);
      expect(
        samples.length,
        `${name} needs a valid sample body (FIXTURES here or VALID_BODIES in fuzz/requests.ts)`,
      ).toBeGreaterThan(0);
      for (const sample of samples) {
        expect(validate(sample), `${name}: the document rejects a valid sample: ${ajv.errorsText(validate.errors)}`).toBe(true);
        const response = await send(entry, validUrl(entry), sample);
        expect(response.statusCode, `${name} refused a valid sample: ${response.body}`).not.toBe(400);
        expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(500);
      }
      const random = createRandom([...name].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), 2166136261));
      const candidates = [
        ...samples.flatMap((sample) => systematicMutations(sample as Json)),
        ...Array.from({ length: MUTATIONS_PER_BODY }, (_, index) => mutate(random, samples[index % samples.length] as Json)),
      ];
      for (const body of candidates) {
        if (validate(body)) continue;
        rejected += 1;
        const response = await send(entry, validUrl(entry), body);
        expect(
          response.statusCode,
          `${name}: the document rejects ${JSON.stringify(body).slice(0, 300)} (${ajv.errorsText(validate.errors)}) but the route answered ${response.body.slice(0, 300)}`,
        ).toBe(400);
      }
    }
    expect(rejected).toBeGreaterThan(withBody.length * 20);
    // One request per sample and per rejected mutation of every command: past 60 s on the
    // shared 2-core machine once the erasure command joined them.
  }, 180_000);

  it('agrees with the routes on path and query parameters: each value it rejects is refused with 400', async () => {
    const withParameters = operations().filter(
      (entry) => parametersOf(entry.operation, 'query').length + parametersOf(entry.operation, 'path').length > 0,
    );
    expect(withParameters.length).toBeGreaterThanOrEqual(10);
    const values = [
      ...new Set([
        '0',
        '1',
        '10',
        '500',
        '501',
        '-1',
        '1.5',
        '1e3',
        'abc',
        '2024-09',
        '2024-13',
        'pending',
        'approved',
        'all',
        UUID,
        UUID.toUpperCase(),
        'x'.repeat(201),
        ...ODD_STRINGS.filter((value) => value.length < 300 && encodable(value)),
      ]),
    ];
    let rejected = 0;
    for (const entry of withParameters) {
      const name = `${entry.method} ${entry.path}`;
      const valid = await send(entry, validUrl(entry), bodySchemaOf(entry.operation) ? samplesOf(entry)[0] : undefined);
      expect(valid.statusCode, `${name} with valid parameters: ${valid.body}`).not.toBe(400);
      for (const parameter of [...parametersOf(entry.operation, 'path'), ...parametersOf(entry.operation, 'query')]) {
        if (parameter.required && parameter.in === 'query') {
          rejected += 1;
          const missing = await send(
            entry,
            validUrl(entry, null, parameter.name),
            bodySchemaOf(entry.operation) ? samplesOf(entry)[0] : undefined,
          );
          expect(missing.statusCode, `${name} without the required ${parameter.name}: ${missing.body}`).toBe(400);
        }
        for (const value of values) {
          // A path segment cannot be empty; z.coerce reads an empty query value as 0, which no schema can say.
          if (value === '' || value === ' ') continue;
          // Fastify refuses a path parameter over 100 characters (414) before any route runs.
          if (parameter.in === 'path' && encodeURIComponent(value).length > 100) continue;
          if (accepts(parameter.schema, value)) continue;
          rejected += 1;
          const url = validUrl(entry, { name: parameter.name, in: parameter.in, value });
          const response = await send(entry, url, bodySchemaOf(entry.operation) ? samplesOf(entry)[0] : undefined);
          expect(
            response.statusCode,
            `${name}: the document rejects ${parameter.in} ${parameter.name}=${JSON.stringify(value)} but ${url} answered ${response.body.slice(0, 300)}`,
          ).toBe(400);
        }
      }
    }
    expect(rejected).toBeGreaterThan(50);
    // Hundreds of requests, one per rejected value of every parameter of every route: on the
    // shared 2-core machine the default 60 s is not enough once the admin lists have many filters.
  }, 180_000);
});

describe('the API reference page', () => {
  it(`is served at ${DOCS_PATH} under the site's CSP, with no script and assets from the same origin only`, async () => {
    const response = await fetch(`${server.url}${DOCS_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toBe(formatContentSecurityPolicy());
    const html = await response.text();
    // No script of any kind: no element, no event-handler attribute, no javascript: URL.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/<(iframe|object|embed|base)\b/i);
    // Everything the page loads (stylesheets, images, …) is a path on this origin.
    const loaded = [...html.matchAll(/<(link|img|source|video|audio|use|input)\b[^>]*?\s(?:href|src|srcset)="([^"]*)"/gi)].map(
      (match) => match[2]!,
    );
    expect(loaded).toEqual([DOCS_CSS_PATH]);
    for (const url of loaded) {
      expect(url).toMatch(/^\/(?!\/)/);
      const asset = await fetch(new URL(url, server.url));
      expect(asset.status, url).toBe(200);
      expect(asset.headers.get('content-type')).toContain('text/css');
      expect(asset.headers.get('content-security-policy')).toBe(formatContentSecurityPolicy());
      // No @import or url() that would reach elsewhere.
      expect(await asset.text()).not.toMatch(/@import|url\(/i);
    }
    // Links stay on the page or the origin.
    for (const [, href] of html.matchAll(/<a\b[^>]*\shref="([^"]*)"/gi)) expect(href).toMatch(/^(#|\/(?!\/))/);
  });

  it('lists every operation of the document, with its security', async () => {
    const html = (await server.app.inject({ method: 'GET', url: DOCS_PATH })).body;
    expect(html).toContain(`href="${OPENAPI_JSON_PATH}"`);
    for (const entry of operations()) {
      expect(html, `${entry.method} ${entry.path}`).toContain(`<code class="path">${entry.path}</code>`);
    }
    expect(html).toContain('Requires <code>adminBasic</code>');
    expect(html).toContain('Requires <code>sessionCookie</code>');
  });
});
