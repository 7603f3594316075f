import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OBJECT_NOT_FOUND_MESSAGE } from './get-route.ts';
import { imageBytes, startUploads, TEST_ADMIN, type UploadsHarness } from '../../test/uploads-harness.ts';

let h: UploadsHarness;
const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
const ADMIN_AUTH = basic(TEST_ADMIN.username, TEST_ADMIN.password);

type Uploaded = { url: string; bytes: Buffer; cookie: string };
let userObject: Uploaded;
let visitorObject: Uploaded;

const upload = async (cookie: string | undefined, kind: 'png' | 'webp') => {
  const issued = await h.issue(cookie ? { cookie } : {});
  const bytes = imageBytes(kind, 4096);
  const response = await h.put(issued.uploadURL, bytes, { cookie: issued.cookie, 'content-type': `image/${kind}` });
  expect(response.statusCode).toBe(200);
  return { url: `/api${response.json<{ objectPath: string }>().objectPath}`, bytes, cookie: issued.cookie };
};

beforeAll(async () => {
  h = await startUploads({ adminUrl: inject('pgAdminUrl') });
  userObject = await upload((await h.signIn()).cookie, 'png');
  visitorObject = await upload(undefined, 'webp');
});
afterAll(async () => h?.close());

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });
const expectNotFound = (response: Awaited<ReturnType<typeof get>>) => {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ status: 404, detail: OBJECT_NOT_FOUND_MESSAGE });
  expect(response.headers['www-authenticate']).toBeUndefined();
};

describe('GET /api/objects/uploads/:id by its owner', () => {
  it('serves a signed-in user their bytes with safe headers', async () => {
    const response = await get(userObject.url, { cookie: userObject.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(userObject.bytes)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': '4096',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'cache-control': 'private',
    });
  });

  it('serves a visitor the photo uploaded with their visitor cookie', async () => {
    const response = await get(visitorObject.url, { cookie: visitorObject.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.rawPayload.equals(visitorObject.bytes)).toBe(true);
  });

  it('answers HEAD with the headers only', async () => {
    const response = await h.app.inject({ method: 'HEAD', url: userObject.url, headers: { cookie: userObject.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.length).toBe(0);
  });
});

describe('GET /api/objects/uploads/:id by anyone else', () => {
  it('answers 404 to another signed-in user, another visitor and an anonymous caller', async () => {
    const otherUser = await h.signIn();
    const otherVisitor = await h.issue();
    for (const object of [userObject, visitorObject]) {
      expectNotFound(await get(object.url, { cookie: otherUser.cookie }));
      expectNotFound(await get(object.url, { cookie: otherVisitor.cookie }));
      expectNotFound(await get(object.url));
    }
  });

  it('answers 404 to the other kind of owner cookie (a user is not the visitor, and back)', async () => {
    expectNotFound(await get(userObject.url, { cookie: visitorObject.cookie }));
    expectNotFound(await get(visitorObject.url, { cookie: userObject.cookie }));
  });

  it('answers the same 404 as for an object that does not exist', async () => {
    const missing = await get(`/api/objects/uploads/${randomUUID()}`, { cookie: userObject.cookie });
    const foreign = await get(userObject.url, { cookie: (await h.signIn()).cookie });
    expectNotFound(missing);
    expect(foreign.body).toBe(missing.body);
  });

  it.each([['not-a-uuid'], ['..%2F..%2Fetc%2Fpasswd'], ['%2Fetc%2Fpasswd'], ['ABCDEF00-0000-4000-8000-000000000000']])(
    'answers 404 for the id %s',
    async (id) => {
      expectNotFound(await get(`/api/objects/uploads/${id}`, { authorization: ADMIN_AUTH }));
    },
  );
});

describe('GET /api/objects/uploads/:id by the admin', () => {
  it('serves any object to valid Basic credentials', async () => {
    for (const object of [userObject, visitorObject]) {
      const response = await get(object.url, { authorization: ADMIN_AUTH });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(object.bytes)).toBe(true);
    }
  });

  it('answers 404 to the admin for an object that does not exist', async () => {
    expectNotFound(await get(`/api/objects/uploads/${randomUUID()}`, { authorization: ADMIN_AUTH }));
  });

  // Wrong credentials get the admin guard's 401, like every admin call; it comes before
  // any existence check, so it says nothing about the object.
  it('answers 401 to wrong credentials, for existing and missing objects alike', async () => {
    const wrong = basic(TEST_ADMIN.username, 'wrong password');
    const existing = await get(userObject.url, { authorization: wrong });
    const missing = await get(`/api/objects/uploads/${randomUUID()}`, { authorization: wrong });
    expect(existing.statusCode).toBe(401);
    expect(missing.statusCode).toBe(401);
    expect(existing.body).toBe(missing.body);
    expect(existing.headers['www-authenticate']).toBeUndefined();
  });

  it("does not treat an investor's cookie as admin", async () => {
    expectNotFound(await get(visitorObject.url, { cookie: (await h.signIn()).cookie }));
  });
});
