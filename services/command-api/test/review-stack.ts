import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestVault } from '@acres/eventstore/test';
import { createAdminGuard } from '@acres/platform/admin-auth';
import { createLogger } from '@acres/platform/logger';
import { ALL_PROJECTIONS, startProjector, waitForProjections } from '@acres/projector';
import { buildQueryApp } from '@acres/query-api';
import { postJson } from './command-api-harness.ts';
import { ADMIN, basicAuth, startPaymentsApi, type PaymentsHarness } from './payments-harness.ts';

export const ADMIN_AUTH = { authorization: basicAuth(ADMIN) };

type ReviewStack = {
  h: PaymentsHarness;
  query: FastifyInstance;
  /** Waits until every projection has applied the event at `position` (fails the spec after 15 s). */
  settle: (position: string) => Promise<void>;
  /** A JSON POST to the command API, as the admin unless other headers are given. */
  post: (url: string, body: unknown, headers?: Record<string, string>) => ReturnType<typeof postJson>;
  close: () => Promise<void>;
};

/**
 * What a staff review flow needs end to end over one fresh database: the command API that
 * decides, the projector with every projection, and the query API that answers the admin and
 * the investor, all on the same clock.
 */
const startReviewStack = async (options: { adminUrl: string; now: () => Date }): Promise<ReviewStack> => {
  const silent = createLogger({ level: 'silent', pretty: false });
  const h = await startPaymentsApi({ adminUrl: options.adminUrl, now: options.now });
  const adminGuard = createAdminGuard({ credentials: ADMIN, pool: h.db.pool, limits: { freeFailures: 1000 } });
  const query = buildQueryApp({
    pool: h.db.pool,
    vault: createTestVault(h.db.pool),
    adminCredentials: ADMIN,
    adminGuard,
    logger: silent,
    now: options.now,
    statusLookupLimit: { max: 8, windowMs: 60_000 },
  });
  await query.ready();
  const projector = startProjector({ eventStore: h.eventStore, pool: h.db.pool, logger: silent, projections: ALL_PROJECTIONS });
  const names = ALL_PROJECTIONS.map((p) => p.name);
  return {
    h,
    query,
    settle: async (position) => {
      expect(await waitForProjections({ pool: h.db.pool, names, position: BigInt(position), timeoutMs: 15_000 })).toBe(true);
    },
    post: (url, body, headers = ADMIN_AUTH) => postJson(h.app, url, body, headers),
    close: async () => {
      await projector.stop();
      await query.close();
      await h.close();
    },
  };
};

/**
 * The stack for one spec file: started before its tests, closed after them. Call it inside
 * the tests for `h` and `query`; `settle` and `post` may be taken apart at the top of the file.
 */
export const useReviewStack = (now: () => Date) => {
  let current: ReviewStack | undefined;
  beforeAll(async () => {
    current = await startReviewStack({ adminUrl: inject('pgAdminUrl'), now });
  });
  afterAll(() => current?.close());
  const started = (): ReviewStack => {
    if (!current) throw new Error('the review stack is started by beforeAll: use it inside the tests');
    return current;
  };
  return Object.assign(started, {
    settle: (position: string) => started().settle(position),
    post: (url: string, body: unknown, headers?: Record<string, string>) => started().post(url, body, headers),
  });
};
