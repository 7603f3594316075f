// The reverse proxy's routing of the contract's calls (SPEC section 7, sign-in and
// uploads); proxy-routes.int.spec.ts checks it against every route the services register.

import { describe, expect, it } from 'vitest';
import { compose, resolvedEnvironment } from './deployment.ts';
import { createHttpApp } from '@acres/platform/http';
import { createLogger } from '@acres/platform/logger';
import { fileServedFor, parseLocationHeaders, parseMap, parseProxyConfig, parseTryFiles, upstreamFor } from './proxy-config.ts';
import { readRepoFile } from './repo-files.ts';
import { originsOf } from '@acres/platform/security-headers';

/** The template as the nginx image's envsubst renders it: S3_ENDPOINT alone is filled in. */
const renderProxyTemplate = (s3Endpoint = '') =>
  readRepoFile('infra/docker/nginx/acres.conf').replaceAll('${S3_ENDPOINT}', s3Endpoint);

describe('the proxy routing of the contract (SPEC section 7, sign-in and uploads)', () => {
  const routing = parseProxyConfig();
  const COMMANDS = [
    'POST /api/leads',
    'POST /api/subscriptions',
    'POST /api/objects/upload',
    'PUT /api/objects/upload/0f8e8a52-token',
    'POST /api/payments',
    'PUT /api/admin/payments/0f8e8a52-2c3b-4c5e-9d1a-3b2c1d0e9f8a/status',
    'POST /api/affiliate/register',
    'POST /api/affiliate/report-sale',
    'POST /api/logout',
    'POST /api/auth/signup',
    'POST /api/auth/signin',
    'GET /api/login',
    'GET /api/logout',
    'GET /api/callback',
    'GET /api/objects/uploads/0f8e8a52-2c3b-4c5e-9d1a-3b2c1d0e9f8a',
    'HEAD /api/objects/uploads/0f8e8a52-2c3b-4c5e-9d1a-3b2c1d0e9f8a',
  ];
  const QUERIES = [
    'GET /api/auth/user',
    'GET /api/payments',
    'GET /api/admin/leads',
    'GET /api/admin/payments',
    'GET /api/admin/leads/export.csv',
    'GET /api/affiliate/profile',
    'GET /api/affiliate/stats',
    'GET /api/affiliate/sales',
    'HEAD /api/admin/leads',
  ];

  it('sets the proxy upstreams to the services and the ports they listen on', () => {
    const { upstreams } = parseProxyConfig();
    expect(upstreams).toEqual({
      command_api: [`command-api:${resolvedEnvironment(compose.services['command-api']!).PORT}`],
      query_api: [`query-api:${resolvedEnvironment(compose.services['query-api']!).PORT}`],
    });
  });

  it('proxies /api/ to the upstream the map chooses', () => {
    expect(routing.apiProxyPass).toBe('api_upstream');
    expect(Object.keys(routing.upstreams).sort()).toEqual(['command_api', 'query_api']);
  });

  it.each(COMMANDS)('sends %s to the command API', (call) => {
    const [method, url] = call.split(' ');
    expect(upstreamFor(routing, method!, url!)).toBe('command_api');
  });

  it.each(QUERIES)('sends %s to the query API', (call) => {
    const [method, url] = call.split(' ');
    expect(upstreamFor(routing, method!, url!)).toBe('query_api');
  });

  it('does not mistake look-alike reads for sign-in or upload paths', () => {
    expect(upstreamFor(routing, 'GET', '/api/loginx')).toBe('query_api');
    expect(upstreamFor(routing, 'GET', '/api/objects/uploadsx')).toBe('query_api');
    expect(upstreamFor(routing, 'GET', '/api/admin/objects/uploads/1')).toBe('query_api');
  });
});

describe('the pages the proxy serves', () => {
  // The public pages the build renders to HTML (web/src/prerender.tsx), written as
  // prerendered/<path>/index.html (web/vite-prerender.ts).
  const prerendered = [...readRepoFile('web/src/prerender.tsx').matchAll(/PRERENDERED_PATHS = \[([^\]]*)\]/g)]
    .flatMap((match) => [...match[1]!.matchAll(/'([^']+)'/g)])
    .map((match) => match[1]!);
  const files = new Set(['/index.html', ...prerendered.map((page) => `/prerendered${page === '/' ? '' : page}/index.html`)]);
  const served = (uri: string) => fileServedFor(parseTryFiles('/'), uri, files);

  it('sends a prerendered page its own HTML, with or without a trailing slash', () => {
    expect(prerendered).toEqual(expect.arrayContaining(['/', '/privacy', '/signin', '/affiliate', '/application-status']));
    for (const page of prerendered) {
      const file = `/prerendered${page === '/' ? '' : page}/index.html`;
      expect(served(page), page).toBe(file);
      expect(served(`${page}/`), `${page}/`).toBe(file);
    }
  });

  it('sends the client-rendered shell for every other page', () => {
    for (const uri of ['/admin', '/dashboard', '/affiliate/dashboard', '/no-such-page'])
      expect(served(uri), uri).toBe('/index.html');
  });
});

describe('the security headers of the proxy', () => {
  const SPA_LOCATIONS = ['/', '/assets/', '~* \\.map$'];
  // Headers of the answer itself rather than of the site's policy.
  const NOT_POLICY = new Set([
    'content-type',
    'content-length',
    'date',
    'connection',
    'keep-alive',
    'x-request-id',
    'cache-control',
    'strict-transport-security',
  ]);

  const serviceHeaders = async (headers: Record<string, string> = {}) => {
    const app = createHttpApp({ logger: createLogger({ level: 'silent', pretty: false }), trustProxy: true });
    try {
      return (await app.inject({ method: 'GET', url: '/any-page', headers })).headers;
    } finally {
      await app.close();
    }
  };

  it('sends on every SPA location exactly the policy headers the services send', async () => {
    const expected = Object.fromEntries(
      Object.entries(await serviceHeaders())
        .filter(([name]) => !NOT_POLICY.has(name))
        .map(([name, value]) => [name, String(value)]),
    );
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    const locations = parseLocationHeaders();
    // Without S3 the connect-src map leaves 'self' alone, as the services send it.
    const withoutS3 = parseMap('acres_connect_src', renderProxyTemplate()).default!;
    for (const location of SPA_LOCATIONS) {
      const found = locations.find((entry) => entry.location === location);
      expect(found, location).toBeDefined();
      const policy = Object.fromEntries(
        Object.entries(found!.headers)
          .filter(([name]) => !NOT_POLICY.has(name))
          .map(([name, value]) => [name, value.replace('$acres_connect_src', withoutS3)]),
      );
      expect(policy, location).toEqual(expected);
      // 'always': error answers (404, 5xx) carry them too.
      expect(
        found!.withoutAlways.filter((name) => !NOT_POLICY.has(name)),
        location,
      ).toEqual([]);
    }
  });

  it('sends HSTS on the SPA locations only over TLS, with the services value', async () => {
    const hsts = (await serviceHeaders({ 'x-forwarded-proto': 'https' }))['strict-transport-security'];
    expect(hsts).toBeDefined();
    expect(await serviceHeaders().then((headers) => headers['strict-transport-security'])).toBeUndefined();
    const locations = parseLocationHeaders();
    for (const location of SPA_LOCATIONS) {
      expect(locations.find((entry) => entry.location === location)?.headers['strict-transport-security'], location).toBe(
        '$acres_hsts',
      );
    }
    expect(parseMap('acres_hsts')).toEqual({ default: '', https: hsts });
  });

  it.each(['https://s3.eu-west-1.example.com', 'https://minio.example.com:9000/uploads/'])(
    'names the origin of S3_ENDPOINT %s in connect-src, as the services do',
    async (endpoint) => {
      const [pattern, value] = Object.entries(parseMap('acres_connect_src', renderProxyTemplate(endpoint))).find(([key]) =>
        key.startsWith('"~'),
      )!;
      const origin = new RegExp(pattern.slice(2, -1)).exec(endpoint)?.groups?.s3_origin;
      const connectSrc = value.replace('$s3_origin', origin ?? '');
      const rendered = parseLocationHeaders()
        .find((entry) => entry.location === '/')!
        .headers['content-security-policy']!.replace('$acres_connect_src', connectSrc);
      const app = createHttpApp({
        logger: createLogger({ level: 'silent', pretty: false }),
        securityHeaders: { connectSources: originsOf(endpoint) },
      });
      try {
        expect(rendered).toBe((await app.inject({ method: 'GET', url: '/any-page' })).headers['content-security-policy']);
      } finally {
        await app.close();
      }
    },
  );

  it('forwards the Host the browser sent, port included: the services compare it with Origin', () => {
    const api = readRepoFile('infra/docker/nginx/acres.conf').replace(/#[^\n]*/g, '');
    expect(api).toMatch(/proxy_set_header Host \$http_host;/);
    expect(api).toMatch(/proxy_set_header X-Forwarded-Host \$http_host;/);
  });

  it('does not serve source maps and keeps API paths away from that rule', () => {
    const locations = parseLocationHeaders(readRepoFile('infra/docker/nginx/acres.conf'));
    expect(locations.map((entry) => entry.location)).toEqual(expect.arrayContaining(['~* \\.map$', '^~ /api/']));
    expect(readRepoFile('infra/docker/nginx/acres.conf')).toMatch(/location ~\* \\\.map\$ \{[^}]*return 404;/);
  });
});
