import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import { findUploadedObject } from './objects.ts';
import { UPLOAD_URL_USED_MESSAGE } from './put-route.ts';
import {
  EMPTY_FILE_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  NOT_AN_IMAGE_MESSAGE,
  TOO_MANY_PIXELS_MESSAGE,
  UNREADABLE_IMAGE_MESSAGE,
} from './receive-image.ts';
import { imageBytes, startUploads } from '../../test/uploads-harness.ts';

const h = useHarness(() => startUploads({ adminUrl: inject('pgAdminUrl') }));

const detailOf = (response: { json: <T>() => T }) => response.json<{ detail: string }>().detail;

describe('a signed-in user with an upload URL', () => {
  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
  ] as const)('stores a %s image under the name the server chose, and records it', async (kind, contentType) => {
    const { userId, cookie } = await h.signIn();
    const issued = await h.issue({ cookie });
    expect(issued.uploadURL).toMatch(/^\/api\/objects\/upload\/[A-Za-z0-9_-]{94}$/);
    const bytes = imageBytes(kind, 50_000);

    const response = await h.put(issued.uploadURL, bytes, { cookie, 'content-type': contentType });
    expect(response.statusCode).toBe(200);
    const { objectPath } = response.json<{ objectPath: string }>();
    expect(objectPath).toBe(issued.objectPath);
    expect(objectPath).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);

    const onDisk = await readFile(path.join(h.dataDir, objectPath));
    expect(onDisk.equals(bytes)).toBe(true);
    expect(await findUploadedObject(h.db.pool, objectPath)).toEqual({
      objectPath,
      ownerKind: 'user',
      ownerId: userId,
      contentType,
      sizeBytes: 50_000,
      purpose: 'payment-proof',
    });
  });

  it('accepts exactly 5 MB, and no type claim at all (the bytes decide)', async () => {
    const { cookie } = await h.signIn();
    const issued = await h.issue({ cookie });
    const response = await h.put(issued.uploadURL, imageBytes('png', 5_242_880), {
      cookie,
      'content-type': 'application/octet-stream',
    });
    expect(response.statusCode).toBe(200);
    expect((await findUploadedObject(h.db.pool, issued.objectPath))?.contentType).toBe('image/png');
  });

  it('records the purpose given in the body or the query', async () => {
    const { cookie } = await h.signIn();
    const fromBody = await h.issue({ cookie, payload: { purpose: 'passport-photo' } });
    const fromQuery = await h.issue({ cookie, query: 'purpose=passport-photo' });
    for (const issued of [fromBody, fromQuery]) {
      expect((await h.put(issued.uploadURL, imageBytes('jpeg'), { cookie, 'content-type': 'image/jpeg' })).statusCode).toBe(200);
      expect((await findUploadedObject(h.db.pool, issued.objectPath))?.purpose).toBe('passport-photo');
    }
  });

  it('refuses an unknown purpose naming the field', async () => {
    const response = await h.app.inject({ method: 'POST', url: '/api/objects/upload?purpose=selfie' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: unknown }>().errors).toEqual([
      { field: 'purpose', message: "must be 'payment-proof', 'passport-photo' or 'due-diligence-document'" },
    ]);
  });
});

describe('a visitor without an account', () => {
  it('gets an httpOnly SameSite=Lax visitor cookie and can upload with it', async () => {
    const response = await h.app.inject({ method: 'POST', url: '/api/objects/upload' });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^acres\.vid=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/api; HttpOnly; SameSite=Lax$/);
    const { uploadURL, objectPath } = response.json<{ uploadURL: string; objectPath: string }>();
    const cookie = setCookie.split(';')[0]!;
    const put = await h.put(uploadURL, imageBytes('jpeg'), { cookie, 'content-type': 'image/jpeg' });
    expect(put.statusCode).toBe(200);
    const stored = await findUploadedObject(h.db.pool, objectPath);
    expect(stored).toMatchObject({ ownerKind: 'visitor', purpose: 'passport-photo' });
    // Only a digest of the cookie is kept.
    expect(stored!.ownerId).toMatch(/^[0-9a-f]{32}$/);
    expect(stored!.ownerId).not.toContain(cookie.split('=')[1]);
  });

  it('keeps the visitor cookie it already has', async () => {
    const first = await h.issue();
    const again = await h.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie: first.cookie } });
    expect(again.headers['set-cookie']).toBeUndefined();
  });
});

describe('an upload that breaks a rule', () => {
  let before: { files: string[]; rows: number };
  const expectNothingStored = async () => {
    expect(await h.listFiles()).toEqual(before.files);
    expect(await h.countRows()).toBe(before.rows);
  };
  const snapshot = async () => {
    before = { files: await h.listFiles(), rows: await h.countRows() };
  };
  afterEach(expectNothingStored);
  /** One upload by a user just signed in, to a URL just issued, once the store is noted. */
  const putAsNewUser = async (body: Buffer | string, contentType: string) => {
    const { cookie } = await h.signIn();
    await snapshot();
    const { uploadURL } = await h.issue({ cookie });
    return h.put(uploadURL, body, { cookie, 'content-type': contentType });
  };

  it('answers 413 for a 6 MB image, declared or streamed without a length', async () => {
    const { cookie } = await h.signIn();
    await snapshot();
    const declared = await h.issue({ cookie });
    const big = imageBytes('jpeg', 6 * 1024 * 1024);
    const response = await h.put(declared.uploadURL, big, { cookie, 'content-type': 'image/jpeg' });
    expect(response.statusCode).toBe(413);
    expect(detailOf(response)).toBe(FILE_TOO_LARGE_MESSAGE);

    // Chunked: no Content-Length to refuse early, so the limit bites while streaming.
    const streamed = await h.issue({ cookie });
    const chunked = await h.app.inject({
      method: 'PUT',
      url: streamed.uploadURL,
      headers: { cookie, 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked' },
      payload: Readable.from(
        (function* () {
          for (let i = 0; i < 96; i += 1) yield big.subarray(i * 65_536, (i + 1) * 65_536);
        })(),
      ),
    });
    expect(chunked.statusCode).toBe(413);
    expect(detailOf(chunked)).toBe(FILE_TOO_LARGE_MESSAGE);
  });

  it('answers 415 for a text file named .png and declared image/png', async () => {
    const response = await putAsNewUser('just some notes, not a picture\n'.repeat(40), 'image/png');
    expect(response.statusCode).toBe(415);
    expect(detailOf(response)).toBe(NOT_AN_IMAGE_MESSAGE);
  });

  it.each([['image/gif'], ['text/plain'], ['image/svg+xml'], ['application/json']])(
    'answers 415 for a declared %s',
    async (contentType) => {
      const response = await putAsNewUser(imageBytes('png'), contentType);
      expect(response.statusCode).toBe(415);
      expect(detailOf(response)).toBe(NOT_AN_IMAGE_MESSAGE);
    },
  );

  it('answers 415 for a PNG sent as image/jpeg, saying what it is', async () => {
    const response = await putAsNewUser(imageBytes('png'), 'image/jpeg');
    expect(response.statusCode).toBe(415);
    expect(detailOf(response)).toBe('The file is a PNG image but was sent as image/jpeg');
  });

  it.each(['jpeg', 'png', 'webp'] as const)('answers 422 for a %s whose header declares 65500 × 65500 pixels', async (kind) => {
    const response = await putAsNewUser(imageBytes(kind, 20_000, { width: 65_500, height: 65_500 }), `image/${kind}`);
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      title: 'Unprocessable Content',
      detail: TOO_MANY_PIXELS_MESSAGE,
      errors: [{ field: 'file', message: TOO_MANY_PIXELS_MESSAGE }],
    });
  });

  it('answers 422 for a JPEG whose size cannot be read', async () => {
    const response = await putAsNewUser(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
    expect(response.statusCode).toBe(422);
    expect(detailOf(response)).toBe(UNREADABLE_IMAGE_MESSAGE);
  });

  it('answers 400 for an empty body', async () => {
    const response = await putAsNewUser('', 'image/png');
    expect(response.statusCode).toBe(400);
    expect(detailOf(response)).toBe(EMPTY_FILE_MESSAGE);
  });

  it('answers 409 when the URL is used a second time, keeping the first file', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    const first = imageBytes('png');
    expect((await h.put(uploadURL, first, { cookie, 'content-type': 'image/png' })).statusCode).toBe(200);
    await snapshot();
    const again = await h.put(uploadURL, imageBytes('jpeg'), { cookie, 'content-type': 'image/jpeg' });
    expect(again.statusCode).toBe(409);
    expect(detailOf(again)).toBe(UPLOAD_URL_USED_MESSAGE);
    expect((await readFile(path.join(h.dataDir, objectPath))).equals(first)).toBe(true);
  });

  it('stores one object when the same URL is used three times at once', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    await snapshot();
    const answers = await Promise.all(
      [1, 2, 3].map(() => h.put(uploadURL, imageBytes('png', 300_000), { cookie, 'content-type': 'image/png' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const added = (await h.listFiles()).filter((file) => !before.files.includes(file));
    expect(added).toEqual([path.join('data', objectPath)]);
    expect(await h.countRows()).toBe(before.rows + 1);
    await snapshot(); // what afterEach compares against: the one object is expected
  });
});
