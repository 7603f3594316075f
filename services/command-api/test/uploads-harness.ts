import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse as LightResponse } from 'fastify';
import { createAdminGuard, type AdminCredentials } from '@acres/platform/admin-auth';
import { createHttpApp, type HttpTimeouts } from '@acres/platform/http';
import { createLogger } from '@acres/platform/logger';
import { createTestSession, createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { uploadsPlugin, type UploadsOptions } from '../src/uploads/plugin.ts';

export { imageBytes } from './image-fixtures.ts';

export const TEST_ADMIN: AdminCredentials = { username: 'admin', password: 'correct horse battery' };

export type UploadsHarness = {
  app: FastifyInstance;
  db: TestDatabase;
  /** The folder the store was given; its parent holds nothing else, so escapes show. */
  dataDir: string;
  signingSecret: string;
  clock: { now: Date };
  /** A signed-in user's Cookie header. */
  signIn: () => Promise<{ userId: string; cookie: string }>;
  /** POST /api/objects/upload; returns the URL and the Cookie header to use for the PUT (with a new visitor cookie if one was set). */
  issue: (options?: {
    cookie?: string;
    payload?: unknown;
    query?: string;
  }) => Promise<{ uploadURL: string; objectPath: string; cookie: string }>;
  put: (url: string, body: Buffer | string, headers?: Record<string, string>) => Promise<LightResponse>;
  /** Every file under the parent of dataDir (relative), for "nothing stored" checks. */
  listFiles: () => Promise<string[]>;
  /** Temporary files of uploads in progress (or left behind). */
  listPartFiles: () => Promise<string[]>;
  /** Files under the parent of dataDir that this process holds open: a handler still running holds its upload's. */
  listOpenFiles: () => Promise<string[]>;
  /** Listens on a loopback port for real HTTP; the base URL. */
  listen: () => Promise<string>;
  /** Another command-api process on the same database, folder and secret, as a second replica would be. */
  startReplica: () => Promise<FastifyInstance>;
  countRows: () => Promise<number>;
  close: () => Promise<void>;
};

export const startUploads = async (
  options: { adminUrl: string; timeouts?: Partial<HttpTimeouts> } & Partial<Pick<UploadsOptions, 's3' | 'rateLimit'>>,
): Promise<UploadsHarness> => {
  const db = await createTestDatabase({ adminUrl: options.adminUrl });
  const parent = await mkdtemp(path.join(os.tmpdir(), 'acres-uploads-'));
  const dataDir = path.join(parent, 'data');
  const signingSecret = randomBytes(32).toString('base64url');
  const clock = { now: new Date() };
  const apps: FastifyInstance[] = [];
  const startApp = async () => {
    const instance = createHttpApp({ logger: createLogger({ level: 'silent', pretty: false }), timeouts: options.timeouts });
    apps.push(instance);
    await instance.register(uploadsPlugin, {
      pool: db.pool,
      dataDir,
      signingSecret,
      adminGuard: createAdminGuard({ credentials: TEST_ADMIN, pool: db.pool, limits: { freeFailures: 1000 } }),
      now: () => clock.now,
      rateLimit: options.rateLimit ?? { max: 10_000, windowMs: 60_000 },
      ...(options.s3 ? { s3: options.s3 } : {}),
    });
    await instance.ready();
    return instance;
  };
  const app = await startApp();

  const listFiles = async () => {
    const entries = await readdir(parent, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => !e.isDirectory())
      .map((e) => path.relative(parent, path.join(e.parentPath, e.name)))
      .sort();
  };

  return {
    app,
    db,
    dataDir,
    signingSecret,
    clock,
    signIn: async () => {
      const userId = randomUUID();
      const cookie = await createTestSession({ pool: db.pool, user: { id: userId, email: `${userId.slice(0, 8)}@example.ng` } });
      return { userId, cookie };
    },
    issue: async ({ cookie, payload, query } = {}) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/objects/upload${query ? `?${query}` : ''}`,
        headers: { ...(cookie ? { cookie } : {}), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
      });
      if (response.statusCode !== 200)
        throw new Error(`POST /api/objects/upload answered ${response.statusCode}: ${response.body}`);
      const setCookie = [response.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('acres.vid='));
      const visitorCookie = setCookie?.split(';')[0];
      const body = response.json<{ uploadURL: string; objectPath: string }>();
      return { ...body, cookie: [cookie, visitorCookie].filter(Boolean).join('; ') };
    },
    put: (url, body, headers = {}) => app.inject({ method: 'PUT', url, payload: body, headers }),
    listFiles,
    listPartFiles: async () => (await listFiles()).filter((file) => file.endsWith('.part')),
    listOpenFiles: async () => {
      const fds = await readdir('/proc/self/fd');
      const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
      return targets.filter((target) => target.startsWith(`${parent}${path.sep}`));
    },
    listen: () => app.listen({ port: 0, host: '127.0.0.1' }),
    startReplica: startApp,
    countRows: async () => (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM uploaded_objects')).rows[0]!.n,
    close: async () => {
      for (const instance of apps) await instance.close();
      await db.drop();
      await rm(parent, { recursive: true, force: true });
    },
  };
};
