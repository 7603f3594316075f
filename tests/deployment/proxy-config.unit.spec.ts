// The reverse proxy's routing of the contract's calls (SPEC section 7, sign-in and
// uploads); proxy-routes.int.spec.ts checks it against every route the services register.

import { describe, expect, it } from 'vitest';
import { compose, resolvedEnvironment } from './deployment.ts';
import { parseProxyConfig, upstreamFor } from './proxy-config.ts';

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
