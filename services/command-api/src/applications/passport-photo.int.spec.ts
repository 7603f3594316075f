import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresEventStore, type EventStore } from '@acres/eventstore';
import { createHttpApp } from '@acres/platform/http';
import { createLogger } from '@acres/platform/logger';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { commandApiPlugin } from '../app.ts';
import { uploadsPlugin } from '../uploads/plugin.ts';
import { imageBytes } from '../../test/uploads-harness.ts';
import { validApplication } from '@acres/fixtures';
import { testAddressDigest } from '@acres/eventstore/test';

const cookieFrom = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ');

describe('an application naming a passport photo', () => {
  let db: TestDatabase;
  let store: EventStore;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    store = createPostgresEventStore({ pool: db.pool, connectionString: db.url });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-passport-'));
    app = createHttpApp({ logger: createLogger({ level: 'silent', pretty: false }) });
    await app.register(uploadsPlugin, { pool: db.pool, dataDir, signingSecret: randomBytes(32).toString('base64url') });
    await app.register(commandApiPlugin, { eventStore: store, addressDigest: testAddressDigest, pool: db.pool });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const uploadPhoto = async (kind: 'png' | 'webp' = 'png') => {
    const issued = await app.inject({ method: 'POST', url: '/api/objects/upload', query: { purpose: 'passport-photo' } });
    expect(issued.statusCode).toBe(200);
    const cookie = cookieFrom(issued.headers['set-cookie']);
    const put = await app.inject({
      method: 'PUT',
      url: issued.json<{ uploadURL: string }>().uploadURL,
      headers: { cookie, 'content-type': `image/${kind}` },
      payload: imageBytes(kind),
    });
    expect(put.statusCode).toBe(200);
    return { cookie, objectPath: put.json<{ objectPath: string }>().objectPath };
  };

  const apply = (body: Record<string, unknown>, cookie?: string) =>
    app.inject({ method: 'POST', url: '/api/subscriptions', headers: cookie ? { cookie } : {}, payload: body });

  it('accepts the photo the same visitor uploaded', async () => {
    const { cookie, objectPath } = await uploadPhoto();
    const response = await apply(validApplication({ email: 'photo-owner@example.ng', passportPhotoUrl: objectPath }), cookie);
    expect(response.statusCode).toBe(201);
  });

  it("refuses another visitor's photo, naming the field", async () => {
    const { objectPath } = await uploadPhoto();
    const response = await apply(validApplication({ email: 'someone-else@example.ng', passportPhotoUrl: objectPath }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'passportPhotoUrl', message: 'Upload your passport photograph first' }]);
  });

  it('refuses a path that was never uploaded and free text', async () => {
    const { cookie } = await uploadPhoto();
    for (const passportPhotoUrl of [
      '/objects/uploads/00000000-0000-4000-8000-000000000000',
      'https://example.com/me.png',
      '../../etc/passwd',
    ]) {
      const response = await apply(
        validApplication({ email: `text-${randomBytes(3).toString('hex')}@example.ng`, passportPhotoUrl }),
        cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].field).toBe('passportPhotoUrl');
    }
  });

  it('refuses a WebP photo, since the passport photo must be JPG or PNG', async () => {
    const { cookie, objectPath } = await uploadPhoto('webp');
    const response = await apply(validApplication({ email: 'webp@example.ng', passportPhotoUrl: objectPath }), cookie);
    expect(response.statusCode).toBe(400);
  });
});
