import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse as LightResponse } from 'fastify';
import { createAdminGuard, type AdminCredentials } from '@acres/platform/admin-auth';
import { createHttpApp } from '@acres/platform/http';
import { createLogger } from '@acres/platform/logger';
import { createTestSession } from '@acres/platform/sessions-testing';
import { createTestDatabase, type TestDatabase } from '@acres/platform/testing';
import { uploadsPlugin, type UploadsOptions } from './plugin.ts';

export const TEST_ADMIN: AdminCredentials = { username: 'admin', password: 'correct horse battery' };

/** Minimal bodies whose first bytes are what the server sniffs; the rest is noise. */
export const imageBytes = (kind: 'jpeg' | 'png' | 'webp', size = 2048) => {
  const head = {
    jpeg: [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01],
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d],
    webp: [0x52, 0x49, 0x46, 0x46, 0x24, 0x08, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50],
  }[kind];
  return Buffer.concat([Buffer.from(head), randomBytes(Math.max(0, size - head.length))]);
};

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
  issue: (options?: { cookie?: string; payload?: unknown; query?: string }) => Promise<{ uploadURL: string; objectPath: string; cookie: string }>;
  put: (url: string, body: Buffer | string, headers?: Record<string, string>) => Promise<LightResponse>;
  /** Every file under the parent of dataDir (relative), for "nothing stored" checks. */
  listFiles: () => Promise<string[]>;
  countRows: () => Promise<number>;
  close: () => Promise<void>;
};

export const startUploads = async (options: { adminUrl: string } & Partial<Pick<UploadsOptions, 's3' | 's3Fetch' | 'rateLimit'>>): Promise<UploadsHarness> => {
  const db = await createTestDatabase({ adminUrl: options.adminUrl });
  const parent = await mkdtemp(path.join(os.tmpdir(), 'acres-uploads-'));
  const dataDir = path.join(parent, 'data');
  const signingSecret = randomBytes(32).toString('base64url');
  const clock = { now: new Date() };
  const app = createHttpApp({ logger: createLogger({ level: 'silent', pretty: false }) });
  await app.register(uploadsPlugin, {
    pool: db.pool,
    dataDir,
    signingSecret,
    adminGuard: createAdminGuard({ credentials: TEST_ADMIN, maxFailures: 1000 }),
    now: () => clock.now,
    rateLimit: options.rateLimit ?? { max: 10_000, windowMs: 60_000 },
    ...(options.s3 ? { s3: options.s3 } : {}),
    ...(options.s3Fetch ? { s3Fetch: options.s3Fetch } : {}),
  });
  await app.ready();

  const listFiles = async () => {
    const entries = await readdir(parent, { recursive: true, withFileTypes: true });
    return entries.filter((e) => !e.isDirectory()).map((e) => path.relative(parent, path.join(e.parentPath, e.name))).sort();
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
      if (response.statusCode !== 200) throw new Error(`POST /api/objects/upload answered ${response.statusCode}: ${response.body}`);
      const setCookie = [response.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('acres.vid='));
      const visitorCookie = setCookie?.split(';')[0];
      const body = response.json<{ uploadURL: string; objectPath: string }>();
      return { ...body, cookie: [cookie, visitorCookie].filter(Boolean).join('; ') };
    },
    put: (url, body, headers = {}) => app.inject({ method: 'PUT', url, payload: body, headers }),
    listFiles,
    countRows: async () => (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM uploaded_objects')).rows[0]!.n,
    close: async () => {
      await app.close();
      await db.drop();
      await rm(parent, { recursive: true, force: true });
    },
  };
};
