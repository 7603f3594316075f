// POST /api/admin/erasures and its preview on the real event store and PostgreSQL, without the
// projector: the read-model rows it reads are written here as the projector would write them.

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { erasureStreamId } from '@acres/contracts/events';
import { ERASURE_MESSAGES } from '@acres/contracts/erasure';
import { createTestVault } from '@acres/eventstore/test';
import { createAdminGuard } from '@acres/platform';
import { createHttpApp } from '@acres/platform/http';
import { createLogger } from '@acres/platform/logger';
import { insertSession } from '@acres/platform/sessions';
import { createPersonLookup } from '@acres/read-models/person-lookup';
import { createLocalStore } from '../uploads/local-store.ts';
import { ADMIN, basicAuth, startPaymentsApi, type Investor, type PaymentsHarness } from '../../test/payments-harness.ts';
import { ERASURE_ANSWERS } from './erase-subject.ts';
import { erasurePlugin } from './plugin.ts';

const NOW = new Date('2026-11-26T10:00:00.000Z');

let h: PaymentsHarness;
let app: FastifyInstance;
let dataDir: string;
let investor: Investor;
let proofPath: string;

const erase = (body: unknown, authorization: string | null = basicAuth(ADMIN)) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/erasures',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    payload: JSON.stringify(body),
  });
const preview = (query: string) =>
  app.inject({ method: 'GET', url: `/api/admin/erasures/preview?${query}`, headers: { authorization: basicAuth(ADMIN) } });

const fileOf = (objectPath: string) => path.join(dataDir, 'objects', 'uploads', objectPath.split('/').at(-1)!);

beforeAll(async () => {
  h = await startPaymentsApi({ adminUrl: inject('pgAdminUrl'), now: () => NOW });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'acres-erasure-'));
  app = createHttpApp({ logger: createLogger({ level: 'silent', pretty: false }) });
  await app.register(erasurePlugin, {
    eventStore: h.eventStore,
    pool: h.db.pool,
    vault: createTestVault(h.db.pool),
    objectStore: createLocalStore({ dataDir, signingSecret: 's'.repeat(32) }),
    adminGuard: createAdminGuard({ credentials: ADMIN, pool: h.db.pool, limits: { freeFailures: 1000 } }),
    personLookup: createPersonLookup(h.db.pool),
    now: () => NOW,
  });
  await app.ready();

  // Given an investor (events, credentials, a session), their users row and an uploaded proof on disk.
  investor = await h.signUp('funmi.erase@example.ng');
  await h.db.pool.query(
    `INSERT INTO users (id, email, first_name, last_name, created_at, updated_at, global_position)
     VALUES ($1, $2, 'Funmi', 'Erase', now(), now(), 1)`,
    [investor.user.id, investor.user.email],
  );
  proofPath = await h.uploadProof({ kind: 'user', id: investor.user.id });
  await mkdir(path.dirname(fileOf(proofPath)), { recursive: true });
  await writeFile(fileOf(proofPath), 'png bytes');
});

afterAll(async () => {
  await app?.close();
  await h?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the admin erasing a data subject', () => {
  it('previews the account, its contact and its image before anything is erased', async () => {
    const response = await preview(`kind=user&id=${investor.user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ counts: { user: 1 }, objects: 1, alreadyErased: false });
    expect(response.json().subjects).toContain(`user:${investor.user.id}`);
  });

  it('destroys the keys, records SubjectErased once, deletes the image, ends the sessions and the password', async () => {
    const response = await erase({ kind: 'user', id: investor.user.id, reason: 'Asked to be forgotten' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ objectsDeleted: 1, sessionsEnded: 1, credentialsDeleted: 1 });
    expect(response.json().keysDestroyed).toBeGreaterThanOrEqual(1);

    const [event] = await h.eventStore.readStream(erasureStreamId('user', investor.user.id));
    expect(event).toMatchObject({
      type: 'SubjectErased',
      data: { requested: { kind: 'user', id: investor.user.id }, reason: 'Asked to be forgotten', erasedBy: ADMIN.username },
    });
    expect(JSON.stringify(event!.data)).not.toContain('funmi');
    const keys = await h.db.pool.query('SELECT wrapped_key FROM subject_keys WHERE subject_id = $1', [
      `user:${investor.user.id}`,
    ]);
    expect(keys.rows).toEqual([{ wrapped_key: null }]);
    expect(existsSync(fileOf(proofPath))).toBe(false);
    expect((await h.db.pool.query('SELECT 1 FROM uploaded_objects WHERE object_path = $1', [proofPath])).rowCount).toBe(0);
    expect((await h.db.pool.query('SELECT 1 FROM credentials WHERE user_id = $1', [investor.user.id])).rowCount).toBe(0);
    // Their events now read as erased to every reader of the log.
    const [registered] = await h.eventStore.readStream(`user-${investor.user.id}`);
    expect(registered?.data).toMatchObject({ email: 'erased', firstName: 'erased' });
  });

  it('answers 409 to a second erasure, and still ends a session that appeared since', async () => {
    await insertSession({ db: h.db.pool, user: investor.user });
    const response = await erase({ kind: 'user', id: investor.user.id, reason: 'Again' });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(ERASURE_ANSWERS.alreadyErased);
    const sessions = await h.db.pool.query("SELECT 1 FROM sessions WHERE sess->'user'->>'id' = $1", [investor.user.id]);
    expect(sessions.rowCount).toBe(0);
    expect(await h.eventStore.readStream(erasureStreamId('user', investor.user.id))).toHaveLength(1);
    expect((await preview(`kind=user&id=${investor.user.id}`)).json()).toMatchObject({ alreadyErased: true });
  });

  it('answers 404 for a record nobody has, and 400 naming each bad field', async () => {
    const unknown = await erase({ kind: 'lead', id: '00000000-0000-4000-8000-000000000000', reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(ERASURE_ANSWERS.notFound);
    const bad = await erase({ kind: 'person', id: 'nope', reason: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'kind', message: ERASURE_MESSAGES.kind },
      { field: 'id', message: ERASURE_MESSAGES.id },
      { field: 'reason', message: ERASURE_MESSAGES.reason },
    ]);
    expect((await preview('kind=user&id=nope')).statusCode).toBe(400);
  });

  it('refuses anyone but the admin', async () => {
    const response = await erase({ kind: 'user', id: investor.user.id, reason: 'x' }, null);
    expect(response.statusCode).toBe(401);
  });
});
