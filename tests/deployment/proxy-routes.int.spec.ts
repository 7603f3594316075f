// The proxy must send each request to the service that serves it. Rather than trust a
// list, build both apps as their server.ts files compose them and route every route they
// register through the proxy config's own rules.

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  buildCommandApp,
  consentPlugin,
  createObjectStore,
  documentsPlugin,
  identityPlugin,
  uploadsPlugin,
} from '@acres/command-api';
import { createPostgresEventStore } from '@acres/eventstore';
import { createAdminGuard } from '@acres/platform/admin-auth';
import { createLogger } from '@acres/platform/logger';
import { createTestDatabase, parseRouteTree, type TestDatabase } from '@acres/platform/test';
import { buildQueryApp } from '@acres/query-api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseProxyConfig, samplePath, upstreamFor } from './proxy-config.ts';
import { createTestVault, protectForTest, testAddressDigest } from '@acres/eventstore/test';

const ADMIN = { username: 'admin', password: 'correct horse battery' };
const routing = parseProxyConfig();

const routesOf = (app: FastifyInstance) =>
  parseRouteTree(app.printRoutes({ commonPrefix: false })).filter((route) => route.url.startsWith('/api/'));

describe('the proxy in front of the services', () => {
  let db: TestDatabase;
  let dataDir: string;
  let commandApp: FastifyInstance;
  let queryApp: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-proxy-routes-'));
    const eventStore = protectForTest(createPostgresEventStore({ pool: db.pool, connectionString: db.url }), db.pool);
    const adminGuard = createAdminGuard({ credentials: ADMIN, pool: db.pool });
    // As services/command-api/src/server.ts composes it, with OpenID Connect on so the callback route exists.
    commandApp = await buildCommandApp({ eventStore, addressDigest: testAddressDigest, pool: db.pool, adminGuard });
    await commandApp.register(identityPlugin, {
      eventStore,
      addressDigest: testAddressDigest,
      pool: db.pool,
      oidc: { issuerUrl: 'https://issuer.example', clientId: 'acres', clientSecret: 'secret' },
    });
    await commandApp.register(uploadsPlugin, { pool: db.pool, dataDir, signingSecret: 's'.repeat(32), adminGuard });
    await commandApp.register(consentPlugin, {
      eventStore,
      addressDigest: testAddressDigest,
      linkSigningSecret: 'l'.repeat(32),
      secrets: { whatsappAppSecret: null, whatsappVerifyToken: null, termiiSecret: null },
    });
    await commandApp.register(documentsPlugin, {
      eventStore,
      addressDigest: testAddressDigest,
      pool: db.pool,
      objectStore: createObjectStore({ dataDir, signingSecret: 's'.repeat(32) }),
      adminGuard,
      linkSigningSecret: 'l'.repeat(32),
    });
    await commandApp.ready();
    queryApp = buildQueryApp({
      pool: db.pool,
      vault: createTestVault(db.pool),
      adminCredentials: ADMIN,
      logger: createLogger({ level: 'silent', pretty: false }),
      linkSigningSecret: 'l'.repeat(32),
    });
    await queryApp.ready();
  });
  afterAll(async () => {
    await commandApp?.close();
    await queryApp?.close();
    await db?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('reads the routes of both apps (the check below is not vacuous)', () => {
    expect(routesOf(commandApp)).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/leads' },
        { method: 'GET', url: '/api/callback' },
        { method: 'GET', url: '/api/objects/uploads/:id' },
        { method: 'GET', url: '/api/webhooks/whatsapp' },
        { method: 'GET', url: '/api/materials/:token/documents/:documentId' },
        { method: 'GET', url: '/api/documents/:documentId/download' },
      ]),
    );
    expect(routesOf(queryApp)).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/admin/leads/export.csv' },
        { method: 'GET', url: '/api/materials/:token' },
        { method: 'GET', url: '/api/documents' },
      ]),
    );
  });

  it('sends every route the command API registers to the command API', () => {
    const misrouted = routesOf(commandApp).filter(
      (route) => upstreamFor(routing, route.method, samplePath(route.url)) !== 'command_api',
    );
    expect(misrouted).toEqual([]);
  });

  it('sends every route the query API registers to the query API', () => {
    const misrouted = routesOf(queryApp).filter(
      (route) => upstreamFor(routing, route.method, samplePath(route.url)) !== 'query_api',
    );
    expect(misrouted).toEqual([]);
  });

  it('has no path that both services serve for the same method', () => {
    const commands = new Set(routesOf(commandApp).map((route) => `${route.method} ${route.url}`));
    expect(routesOf(queryApp).filter((route) => commands.has(`${route.method} ${route.url}`))).toEqual([]);
  });
});
