import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FAKE_S3, startFakeS3 } from './fake-s3.ts';
import { findUploadedObject } from './objects.ts';
import { createObjectStore } from './plugin.ts';
import type { S3Options } from './s3-store.ts';
import { imageBytes, startUploads, type UploadsHarness } from './test-support.ts';
import { UPLOAD_URL_TTL_MS } from './upload-token.ts';
import { verifyUploadedObject } from './verify.ts';

// The S3 adapter against a local fake of the bucket (fake-s3.ts); no real S3 runs here.
let fake: Awaited<ReturnType<typeof startFakeS3>>;
let h: UploadsHarness;
let s3: S3Options;

beforeAll(async () => {
  fake = await startFakeS3();
  s3 = { endpoint: fake.endpoint, ...FAKE_S3 };
  h = await startUploads({ adminUrl: inject('pgAdminUrl'), s3 });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

const verify = (objectPath: string, now?: Date) =>
  verifyUploadedObject({ db: h.db.pool, store: createObjectStore({ dataDir: h.dataDir, signingSecret: h.signingSecret, s3 }), objectPath, ...(now ? { now } : {}) });

/** What the browser does: PUT straight to the presigned bucket URL. */
const putToBucket = async (uploadURL: string, body: Buffer) => {
  const response = await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': 'image/png' } });
  expect(response.status).toBe(200);
};

describe('uploads to an S3-compatible bucket', () => {
  it('issues a presigned bucket URL and records the object as pending, owned by the caller', async () => {
    const { userId, cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    const url = new URL(uploadURL);
    expect(url.origin).toBe(fake.endpoint);
    expect(url.pathname).toBe(fake.keyOf(objectPath));
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(UPLOAD_URL_TTL_MS / 1000));
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^FAKEKEY\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    const { rows } = await h.db.pool.query('SELECT owner_kind, owner_id, status FROM uploaded_objects WHERE object_path = $1', [objectPath]);
    expect(rows).toEqual([{ owner_kind: 'user', owner_id: userId, status: 'pending' }]);
    // Pending is not usable as a proof until its bytes are checked.
    expect(await findUploadedObject(h.db.pool, objectPath)).toBeNull();
  });

  it('checks an uploaded image on first use and then serves it to its owner', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    const bytes = imageBytes('png', 10_000);
    await putToBucket(uploadURL, bytes);

    expect(await verify(objectPath)).toMatchObject({ objectPath, contentType: 'image/png', sizeBytes: 10_000 });
    expect(await findUploadedObject(h.db.pool, objectPath)).toMatchObject({ contentType: 'image/png' });
    const served = await h.app.inject({ method: 'GET', url: `/api${objectPath}`, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('checks a pending object when its owner first reads it', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    await putToBucket(uploadURL, imageBytes('jpeg', 3000));
    const served = await h.app.inject({ method: 'GET', url: `/api${objectPath}`, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it.each([
    ['a text file', Buffer.from('not an image at all, only words')],
    ['a 6 MB image', imageBytes('png', 6 * 1024 * 1024)],
  ])('deletes %s from the bucket and forgets it', async (_what, body) => {
    const { cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    await putToBucket(uploadURL, body);
    expect(await verify(objectPath)).toBeNull();
    expect(fake.objects.has(fake.keyOf(objectPath))).toBe(false);
    expect(await h.db.pool.query('SELECT 1 FROM uploaded_objects WHERE object_path = $1', [objectPath])).toMatchObject({ rowCount: 0 });
  });

  it('does not serve bytes swapped in after the check (reads are pinned to the checked version)', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    await putToBucket(uploadURL, imageBytes('png'));
    expect(await verify(objectPath)).not.toBeNull();
    await putToBucket(uploadURL, Buffer.from('<html><script>alert(1)</script></html>'));
    const served = await h.app.inject({ method: 'GET', url: `/api${objectPath}`, headers: { cookie } });
    expect(served.statusCode).toBe(404);
  });

  it('keeps a URL not used yet, and forgets it once it has expired', async () => {
    const { cookie } = await h.signIn();
    const { objectPath } = await h.issue({ cookie });
    expect(await verify(objectPath)).toBeNull();
    expect(await h.db.pool.query('SELECT 1 FROM uploaded_objects WHERE object_path = $1', [objectPath])).toMatchObject({ rowCount: 1 });
    expect(await verify(objectPath, new Date(Date.now() + UPLOAD_URL_TTL_MS + 60_000))).toBeNull();
    expect(await h.db.pool.query('SELECT 1 FROM uploaded_objects WHERE object_path = $1', [objectPath])).toMatchObject({ rowCount: 0 });
  });

  it('has no local PUT route', async () => {
    const response = await h.put(`/api/objects/upload/${'a'.repeat(94)}`, imageBytes('png'), { 'content-type': 'image/png' });
    expect(response.statusCode).toBe(404);
  });
});
