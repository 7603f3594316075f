import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatContentSecurityPolicy, HSTS_VALUE, PERMISSIONS_POLICY } from '@acres/platform/security-headers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WEB_DIST } from './spa.ts';
import { startStandaloneForTest, TEST_ADMIN, type StandaloneTestServer } from '../test/test-server.ts';

let server: StandaloneTestServer;

beforeAll(async () => {
  // Behind a TLS-terminating proxy, as docker-compose runs it.
  server = await startStandaloneForTest({ adminUrl: inject('pgAdminUrl'), env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => server?.close());

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${server.url}${url}`, { headers, redirect: 'manual' });

const builtAssets = () => readdirSync(path.join(WEB_DIST, 'assets'));
const entryScript = () => /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8'))![1]!;

const expectBrowserHeaders = (response: Response) => {
  expect(response.headers.get('content-security-policy')).toBe(formatContentSecurityPolicy());
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('same-origin');
  expect(response.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
  expect(response.headers.get('strict-transport-security')).toBeNull();
};

describe('browser security headers of the standalone server', () => {
  it('sends a strict CSP: no inline script, nothing may frame the site', () => {
    const csp = formatContentSecurityPolicy();
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it.each(['/', '/admin', '/dashboard', '/signin', '/affiliate/dashboard', '/no-such-page'])(
    'sends them on the page %s',
    async (url) => {
      const response = await get(url);
      expect(response.headers.get('content-type')).toContain('text/html');
      expectBrowserHeaders(response);
    },
  );

  it('sends them on the bundles', async () => {
    const response = await get(entryScript());
    expect(response.status).toBe(200);
    expectBrowserHeaders(response);
  });

  it.each([
    ['an API answer', '/api/auth/user', {}],
    [
      'an admin API answer',
      '/api/admin/leads',
      { authorization: `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}` },
    ],
    ['an unknown API path', '/api/nothing-here', {}],
    ['a malformed URL', '/api/%', {}],
  ])('sends them on %s', async (_label, url, headers) => {
    expectBrowserHeaders(await get(url, headers));
  });

  it('adds HSTS only when the request came over TLS through the trusted proxy', async () => {
    expect((await get('/', { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBe(HSTS_VALUE);
    expect((await get('/api/auth/user', { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBe(
      HSTS_VALUE,
    );
    expect((await get('/', { 'x-forwarded-proto': 'http' })).headers.get('strict-transport-security')).toBeNull();
    expect((await get('/')).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('source maps', () => {
  it('are not referenced by the bundles', () => {
    for (const file of builtAssets().filter((name) => name.endsWith('.js'))) {
      expect(readFileSync(path.join(WEB_DIST, 'assets', file), 'utf8'), file).not.toContain('sourceMappingURL');
    }
  });

  it('are not served, whether built or not', async () => {
    const maps = builtAssets().filter((name) => name.endsWith('.map'));
    const candidates = [...maps.slice(0, 3), `${entryScript().slice('/assets/'.length)}.map`, 'index.js.MAP'];
    for (const name of candidates) {
      const response = await get(`/assets/${name}`);
      expect(response.status, name).toBe(404);
      expect(await response.text(), name).not.toContain('"mappings"');
    }
  });
});
