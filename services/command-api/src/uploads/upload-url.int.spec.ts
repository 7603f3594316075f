import { createHmac, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import { UPLOAD_URL_NOT_YOURS_MESSAGE } from './put-route.ts';
import { imageBytes, startUploads } from '../../test/uploads-harness.ts';
import { signUploadToken, UPLOAD_URL_EXPIRED_MESSAGE, UPLOAD_URL_INVALID_MESSAGE, UPLOAD_URL_TTL_MS } from './upload-token.ts';

const h = useHarness(() => startUploads({ adminUrl: inject('pgAdminUrl') }));

// Every test here is a refused PUT: nothing may appear on disk or in the table.
let before: { files: string[]; rows: number };
beforeEach(async () => {
  h.clock.now = new Date();
  before = { files: await h.listFiles(), rows: await h.countRows() };
});
afterEach(async () => {
  expect(await h.listFiles()).toEqual(before.files);
  expect(await h.countRows()).toBe(before.rows);
});

const detailOf = (response: { json: <T>() => T }) => response.json<{ detail: string }>().detail;
const putPng = (url: string, cookie?: string) =>
  h.put(url, imageBytes('png'), { 'content-type': 'image/png', ...(cookie ? { cookie } : {}) });
const tokenOf = (uploadURL: string) => uploadURL.split('/').pop()!;

/** Flips one bit of the token's bytes at index (the body is bytes 0-37, the MAC 38-69). */
const flipByte = (token: string, index: number) => {
  const raw = Buffer.from(token, 'base64url');
  raw[index] = raw[index]! ^ 0x01;
  return raw.toString('base64url');
};

describe('an upload URL that is no longer or never was valid', () => {
  it('answers 403 once it has expired', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL } = await h.issue({ cookie });
    h.clock.now = new Date(h.clock.now.getTime() + UPLOAD_URL_TTL_MS + 1000);
    const response = await putPng(uploadURL, cookie);
    expect(response.statusCode).toBe(403);
    expect(detailOf(response)).toBe(UPLOAD_URL_EXPIRED_MESSAGE);
  });

  it.each([
    ['the object id', 5],
    ['the owner', 20],
    ['the expiry (made later)', 37],
    ['the signature', 50],
    ['the last signature byte', 69],
  ])('answers 403 when a byte of %s is changed', async (_what, index) => {
    const { cookie } = await h.signIn();
    const { uploadURL } = await h.issue({ cookie });
    const response = await putPng(`/api/objects/upload/${flipByte(tokenOf(uploadURL), index)}`, cookie);
    expect(response.statusCode).toBe(403);
    expect(detailOf(response)).toBe(UPLOAD_URL_INVALID_MESSAGE);
  });

  it('answers 403 for a token signed with another secret', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL } = await h.issue({ cookie });
    const raw = Buffer.from(tokenOf(uploadURL), 'base64url');
    const body = raw.subarray(0, 38);
    const forged = Buffer.concat([body, createHmac('sha256', 'x'.repeat(32)).update(body).digest()]).toString('base64url');
    expect(detailOf(await putPng(`/api/objects/upload/${forged}`, cookie))).toBe(UPLOAD_URL_INVALID_MESSAGE);
  });

  it('answers 403 for a correctly signed token that expires in 2106', async () => {
    const { userId, cookie } = await h.signIn();
    const token = signUploadToken(
      { objectId: randomUUID(), ownerKind: 'user', ownerId: userId, purpose: 'payment-proof', exp: 0xffffffff },
      h.signingSecret,
    );
    const response = await putPng(`/api/objects/upload/${token}`, cookie);
    expect(response.statusCode).toBe(403);
    expect(detailOf(response)).toBe(UPLOAD_URL_INVALID_MESSAGE);
  });

  it('answers 403 for an upload URL issued to another user, and to a visitor', async () => {
    const alice = await h.signIn();
    const bob = await h.signIn();
    const { uploadURL } = await h.issue({ cookie: alice.cookie });
    for (const cookie of [bob.cookie, undefined, (await h.issue()).cookie]) {
      const response = await putPng(uploadURL, cookie);
      expect(response.statusCode).toBe(403);
      expect(detailOf(response)).toBe(UPLOAD_URL_NOT_YOURS_MESSAGE);
    }
  });

  it("answers 403 for a visitor's URL used by another visitor or a signed-in user", async () => {
    const visitor = await h.issue();
    const other = await h.issue();
    const user = await h.signIn();
    for (const cookie of [other.cookie, user.cookie, undefined]) {
      expect(detailOf(await putPng(visitor.uploadURL, cookie))).toBe(UPLOAD_URL_NOT_YOURS_MESSAGE);
    }
  });
});

describe('path tricks in the upload URL', () => {
  it.each([['..%2F..%2Fetc%2Fpasswd'], ['%2Fetc%2Fpasswd'], ['..%5C..%5Cwindows'], ['.'], ['%00'], ['a'.repeat(94)]])(
    'refuses /api/objects/upload/%s with a 4xx and writes nothing',
    async (segment) => {
      const { cookie } = await h.signIn();
      const response = await putPng(`/api/objects/upload/${segment}`, cookie);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(existsSync(path.join(h.dataDir, '..', '..', 'etc', 'passwd'))).toBe(false);
    },
  );

  it('refuses extra path segments after a valid token', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL } = await h.issue({ cookie });
    for (const url of [`${uploadURL}/..%2F..%2Fx`, `${uploadURL}/../x`, `${uploadURL}%2F..%2Fx`]) {
      const response = await putPng(url, cookie);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('refuses a correctly signed token of any other shape (a JSON payload naming a path)', async () => {
    const { cookie } = await h.signIn();
    const body = Buffer.from(JSON.stringify({ objectId: '../../etc/passwd', ownerKind: 'user' }));
    const response = await putPng(`/api/objects/upload/${sign(body).toString('base64url')}`, cookie);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('keeps even a correctly signed token with path bytes in its object id inside the store', async () => {
    const { userId, cookie } = await h.signIn();
    const body = Buffer.alloc(38);
    body[0] = 1;
    Buffer.from('../../etc/passwd', 'latin1').copy(body, 2);
    Buffer.from(userId.replaceAll('-', ''), 'hex').copy(body, 18);
    body.writeUInt32BE(Math.floor(Date.now() / 1000) + 60, 34);
    const response = await putPng(`/api/objects/upload/${sign(body).toString('base64url')}`, cookie);
    // The 16 bytes become a hex name, never a path.
    expect(response.json()).toEqual({ objectPath: '/objects/uploads/2e2e2f2e-2e2f-6574-632f-706173737764' });
    const added = (await h.listFiles()).filter((file) => !before.files.includes(file));
    expect(added).toEqual(['data/objects/uploads/2e2e2f2e-2e2f-6574-632f-706173737764']);
    before = { files: await h.listFiles(), rows: before.rows + 1 };
  });
});

/** What only the holder of the signing secret can do: the test has it. */
const sign = (body: Buffer) =>
  Buffer.concat([body, createHmac('sha256', h.signingSecret).update('acres.upload-token.v1\u0000').update(body).digest()]);
