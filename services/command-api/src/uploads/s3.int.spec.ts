import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { imageBytes } from '../../test/image-fixtures.ts';
import { MAX_UPLOAD_ATTEMPTS } from './attempts.ts';
import { objectIdOf } from './object-store.ts';
import { findUploadedObject } from './objects.ts';
import { createObjectStore } from './plugin.ts';
import { createS3Store, type S3Options } from './s3-store.ts';
import { S3RVER_BUCKET, startS3Server } from '../../test/s3-test-server.ts';
import { startUploads, type UploadsHarness } from '../../test/uploads-harness.ts';
import { UPLOAD_URL_TTL_MS } from './upload-token.ts';
import { verifyUploadedObject } from './verify.ts';
import { createProofLookup } from '../payments/proof-lookup.ts';

// The S3 adapter against s3rver, a real S3-protocol server on loopback that checks
// every SigV4 signature; the URLs are signed by aws4fetch, not by code of ours.
let bucket: Awaited<ReturnType<typeof startS3Server>>;
let h: UploadsHarness;
let s3: S3Options;

beforeAll(async () => {
  bucket = await startS3Server();
  s3 = { endpoint: bucket.endpoint, ...S3RVER_BUCKET };
  h = await startUploads({ adminUrl: inject('pgAdminUrl'), s3 });
});
afterAll(async () => {
  await h?.close();
  await bucket?.close();
});

const store = () => createObjectStore({ dataDir: h.dataDir, signingSecret: h.signingSecret, s3 });
const verify = (objectPath: string, now?: Date) =>
  verifyUploadedObject({ db: h.db.pool, store: store(), objectPath, ...(now ? { now } : {}) });
const rowCount = async (objectPath: string) =>
  (await h.db.pool.query('SELECT 1 FROM uploaded_objects WHERE object_path = $1', [objectPath])).rowCount;
/** The upload's pending or stored row (0 or 1) and the refused checks counted against its URL. */
const attemptsOf = async (objectPath: string) => ({
  row: await rowCount(objectPath),
  attempts:
    (
      await h.db.pool.query<{ attempts: number }>('SELECT attempts FROM upload_attempts WHERE object_id = $1', [
        objectIdOf(objectPath),
      ])
    ).rows[0]?.attempts ?? 0,
});

/** What the browser does: PUT straight to the presigned bucket URL. */
const putToBucket = (uploadURL: string | URL, body: Buffer | string) =>
  fetch(uploadURL, {
    method: 'PUT',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'content-type': 'image/png' },
  });

describe('uploads to an S3-compatible bucket', () => {
  it('issues a presigned bucket URL and records the object as pending, owned by the caller', async () => {
    const { userId, cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    const url = new URL(uploadURL);
    expect(url.origin).toBe(bucket.endpoint);
    expect(url.pathname).toBe(`/${S3RVER_BUCKET.bucket}/uploads/${objectIdOf(objectPath)}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(UPLOAD_URL_TTL_MS / 1000));
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-Security-Token')).toBeNull();
    const { rows } = await h.db.pool.query('SELECT owner_kind, owner_id, status FROM uploaded_objects WHERE object_path = $1', [
      objectPath,
    ]);
    expect(rows).toEqual([{ owner_kind: 'user', owner_id: userId, status: 'pending' }]);
    // Pending is not usable as a proof until its bytes are checked.
    expect(await findUploadedObject(h.db.pool, objectPath)).toBeNull();
  });

  it('stores what the browser PUTs to the URL, checks it on first use and then serves it to its owner', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    const bytes = imageBytes('png', 10_000);
    expect((await putToBucket(uploadURL, bytes)).status).toBe(200);
    expect(await store().statObject(objectIdOf(objectPath)!)).toMatchObject({ sizeBytes: 10_000 });

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
    expect((await putToBucket(uploadURL, imageBytes('jpeg', 3000))).status).toBe(200);
    const served = await h.app.inject({ method: 'GET', url: `/api${objectPath}`, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it.each([
    ['a text file', Buffer.from('not an image at all, only words')],
    ['a 6 MB image', imageBytes('png', 6 * 1024 * 1024)],
    ['a JPEG declaring 65500 × 65500 pixels', imageBytes('jpeg', 4000, { width: 65_500, height: 65_500 })],
  ])('deletes %s from the bucket, its URL still pending for another PUT', async (_what, body) => {
    const { cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    expect((await putToBucket(uploadURL, body)).status).toBe(200);
    expect(await verify(objectPath)).toBeNull();
    expect(await store().statObject(objectIdOf(objectPath)!)).toBeNull();
    expect(await attemptsOf(objectPath)).toEqual({ row: 1, attempts: 1 });
  });

  it('is single-use: bytes PUT again after the check reach nothing that is served', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    const checked = imageBytes('png', 4000);
    await putToBucket(uploadURL, checked);
    expect(await verify(objectPath)).not.toBeNull();
    // The URL is still within its 15 minutes, so the bucket takes the PUT …
    expect((await putToBucket(uploadURL, '<html><script>alert(1)</script></html>')).status).toBe(200);
    // … but the checked bytes were moved where no URL writes, and they are what is served.
    const served = await h.app.inject({ method: 'GET', url: `/api${objectPath}`, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(checked)).toBe(true);
  });

  it('checks and serves the same bytes: an upload replaced before its check is checked as replaced', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    await putToBucket(uploadURL, imageBytes('png', 3000));
    expect((await putToBucket(uploadURL, 'no longer an image')).status).toBe(200);
    expect(await verify(objectPath)).toBeNull();
    expect(await store().statObject(objectIdOf(objectPath)!)).toBeNull();
    expect(await attemptsOf(objectPath)).toEqual({ row: 1, attempts: 1 });
  });

  it('erases both the kept copy and anything PUT after it', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    await putToBucket(uploadURL, imageBytes('png'));
    expect(await verify(objectPath)).not.toBeNull();
    await putToBucket(uploadURL, imageBytes('png', 2000));
    await store().deleteObject(objectIdOf(objectPath)!);
    expect(await store().statObject(objectIdOf(objectPath)!)).toBeNull();
  });

  it('checks a proof on the payment or sale that names it, the first use the SPA makes of it', async () => {
    const { userId, cookie } = await h.signIn();
    const findProof = createProofLookup(h.db.pool, store());
    const good = await h.issue({ cookie });
    await putToBucket(good.uploadURL, imageBytes('png', 3000));
    expect(await findProof(good.objectPath)).toEqual({
      objectPath: good.objectPath,
      ownerKind: 'user',
      ownerId: userId,
      contentType: 'image/png',
    });
    const bad = await h.issue({ cookie });
    await putToBucket(bad.uploadURL, 'only words');
    expect(await findProof(bad.objectPath)).toBeNull();
    expect(await store().statObject(objectIdOf(bad.objectPath)!)).toBeNull();
    // Without the store (no S3 check available) an unchecked object is never a proof.
    const unchecked = await h.issue({ cookie });
    await putToBucket(unchecked.uploadURL, imageBytes('png', 3000));
    expect(await createProofLookup(h.db.pool)(unchecked.objectPath)).toBeNull();
  });

  it(`takes another PUT on a URL whose upload was refused, ${MAX_UPLOAD_ATTEMPTS} in all as a local URL does`, async () => {
    const { cookie } = await h.signIn();
    const findProof = createProofLookup(h.db.pool, store());
    // The wrong file first, then the photo, on the one URL.
    const retried = await h.issue({ cookie });
    await putToBucket(retried.uploadURL, '%PDF-1.7 a statement, not its photo');
    expect(await findProof(retried.objectPath)).toBeNull();
    expect((await putToBucket(retried.uploadURL, imageBytes('png', 3000))).status).toBe(200);
    expect(await findProof(retried.objectPath)).toMatchObject({ objectPath: retried.objectPath, contentType: 'image/png' });
    expect(await attemptsOf(retried.objectPath)).toEqual({ row: 1, attempts: 0 });
    // Refused as often as a local URL may be tried, the URL is forgotten: nothing PUT after is a proof.
    const spent = await h.issue({ cookie });
    for (let attempt = 1; attempt <= MAX_UPLOAD_ATTEMPTS; attempt += 1) {
      expect(await attemptsOf(spent.objectPath)).toEqual({ row: 1, attempts: attempt - 1 });
      await putToBucket(spent.uploadURL, `not an image (${attempt})`);
      expect(await findProof(spent.objectPath)).toBeNull();
    }
    expect(await attemptsOf(spent.objectPath)).toEqual({ row: 0, attempts: 0 });
    expect((await putToBucket(spent.uploadURL, imageBytes('png', 3000))).status).toBe(200);
    expect(await findProof(spent.objectPath)).toBeNull();
  });

  it('keeps a URL not used yet, and forgets it once it has expired', async () => {
    const { cookie } = await h.signIn();
    const { objectPath } = await h.issue({ cookie });
    expect(await verify(objectPath)).toBeNull();
    expect(await rowCount(objectPath)).toBe(1);
    expect(await verify(objectPath, new Date(Date.now() + UPLOAD_URL_TTL_MS + 60_000))).toBeNull();
    expect(await rowCount(objectPath)).toBe(0);
  });

  it('has no local PUT route', async () => {
    const response = await h.put(`/api/objects/upload/${'a'.repeat(94)}`, imageBytes('png'), { 'content-type': 'image/png' });
    expect(response.statusCode).toBe(404);
  });
});

describe('a presigned URL, as the bucket sees it', () => {
  const target = async (options: Partial<S3Options> = {}, now = new Date()) => {
    const objectId = randomUUID();
    const { uploadURL } = await createS3Store({ ...s3, ...options }).createUploadTarget({
      objectId,
      owner: { kind: 'user', id: randomUUID() },
      purpose: 'payment-proof',
      now,
    });
    return { objectId, url: new URL(uploadURL) };
  };
  // Always a different digit: writing a fixed '0' left one signature in sixteen unchanged.
  const flipLastDigit = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith('0') ? '1' : '0'}`;
  const tampered = (url: URL, change: (copy: URL) => void) => {
    const copy = new URL(url);
    change(copy);
    return copy;
  };

  it('is refused when any part of it is changed, and stores nothing', async () => {
    const { objectId, url } = await target();
    const otherId = randomUUID();
    const changes: Array<(copy: URL) => void> = [
      (copy) => void (copy.pathname = copy.pathname.replace(objectId, otherId)),
      (copy) => copy.searchParams.set('X-Amz-Expires', '604800'),
      (copy) => copy.searchParams.set('X-Amz-Signature', flipLastDigit(copy.searchParams.get('X-Amz-Signature')!)),
      (copy) =>
        copy.searchParams.set('X-Amz-Credential', copy.searchParams.get('X-Amz-Credential')!.replace('us-east-1', 'eu-west-1')),
    ];
    for (const change of changes) {
      const response = await putToBucket(tampered(url, change), imageBytes('png'));
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('SignatureDoesNotMatch');
    }
    expect(await store().statObject(objectId)).toBeNull();
    expect(await store().statObject(otherId)).toBeNull();
  });

  it('is refused by the bucket once its 15 minutes are over', async () => {
    const { objectId, url } = await target({}, new Date(Date.now() - UPLOAD_URL_TTL_MS - 60_000));
    const response = await putToBucket(url, imageBytes('png'));
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
    expect(await store().statObject(objectId)).toBeNull();
  });

  it('carries a session token of temporary credentials, signed with the rest', async () => {
    const sessionToken = 'FwoGZXIvYXdzEJr//////////wEaDTemporaryToken+/=';
    const { objectId, url } = await target({ sessionToken });
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe(sessionToken);
    const forged = tampered(url, (copy) => copy.searchParams.set('X-Amz-Security-Token', `${sessionToken}x`));
    expect((await putToBucket(forged, imageBytes('png'))).status).toBe(403);
    expect((await putToBucket(url, imageBytes('png', 5000))).status).toBe(200);
    // The server's own calls carry it too.
    expect(await createS3Store({ ...s3, sessionToken }).statObject(objectId)).toMatchObject({ sizeBytes: 5000 });
  });
});
