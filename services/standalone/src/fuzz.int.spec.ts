// Malformed requests to every route the standalone server registers (its OpenAPI document's
// routes, the SPA and the docs endpoints), on a real database:
// none may answer 5xx, and every refusal of an /api path is a clean problem+json.
// FUZZ_CASES and FUZZ_SEED explore further (`npm run fuzz` sends 10,000 per route); the
// fixed defaults keep a failure reproducible.

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFailures, fetchDocument, fuzzRoutes, fuzzTargets, listRoutes } from '../test/fuzz/run.ts';
import type { FuzzCredentials } from '../test/fuzz/requests.ts';
import { signUpWalker } from '../test/fuzz/credentials.ts';
import { sizeFor } from '@acres/platform/test';
import { startStandaloneForTest, type StandaloneTestServer } from '../test/test-server.ts';

// A seeded sample per route in `npm test`: 75 × 185 routes, about 14,000 requests, in which
// each header malformation of 5 % odds still reaches every route about four times (the suite
// is CPU-bound on two cores, and 150 per route cost it 100-170 s); `npm run test:soak` sends
// 2,000 per route.
const CASES = Number(process.env.FUZZ_CASES ?? sizeFor({ proof: 75, soak: 2_000 }));
const SEED = Number(process.env.FUZZ_SEED ?? 0);
let server: StandaloneTestServer;
let credentials: FuzzCredentials;

beforeAll(async () => {
  server = await startStandaloneForTest({ adminUrl: inject('pgAdminUrl') });
  credentials = await signUpWalker(server, 'fuzzer@example.com');
});
afterAll(async () => server?.close());

describe('the standalone server under malformed input', () => {
  it(
    `never answers 5xx to ${CASES} malformed requests per route`,
    async () => {
      // The routes come from the OpenAPI document (openapi.int.spec.ts checks it lists every
      // route of the app), plus the SPA and the docs endpoints, which it leaves out.
      const routes = fuzzTargets(await fetchDocument(server.app), listRoutes(server.app));
      // The enumeration is not vacuous: commands, queries, identity, uploads and the SPA are all there.
      expect(routes).toEqual(
        expect.arrayContaining([
          { method: 'POST', url: '/api/leads' },
          { method: 'PUT', url: '/api/admin/payments/:id/status' },
          { method: 'GET', url: '/api/login' },
          { method: 'PUT', url: '/api/objects/upload/:token' },
          { method: 'GET', url: '/api/admin/leads/export.csv' },
          { method: 'GET', url: '/*' },
          { method: 'HEAD', url: '/api/admin/leads' },
        ]),
      );
      // …and no route of the app escapes it.
      const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
      expect(new Set(routes.map(key))).toEqual(new Set(listRoutes(server.app).map(key)));
      const report = await fuzzRoutes({ app: server.app, routes, casesPerRoute: CASES, seed: SEED, concurrency: 8, credentials });
      console.info(
        `fuzz: ${report.sent} requests to ${report.routes.length} routes (${report.unsendable} unsendable), statuses ${JSON.stringify(report.statuses)}`,
      );
      expect(report.failures, describeFailures(report)).toEqual([]);
      for (const route of report.routes) expect(report.perRoute[route] ?? 0, route).toBeGreaterThanOrEqual(CASES * 0.95);
      // Both outcomes occur, so the generator reaches handlers as well as refusals.
      expect(Object.keys(report.statuses).some((status) => Number(status) < 300)).toBe(true);
      expect(Object.keys(report.statuses).some((status) => Number(status) >= 400)).toBe(true);
    },
    Math.max(180_000, CASES * 150),
  );
});
