import { describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import { Readable } from 'node:stream';
import { FILE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE } from './receive-image.ts';
import { TOO_MANY_UPLOADS_MESSAGE } from './rate-limit.ts';
import { imageBytes, startUploads } from '../../test/uploads-harness.ts';

const h = useHarness(() => startUploads({ adminUrl: inject('pgAdminUrl'), rateLimit: { max: 5, windowMs: 60_000 } }));

const post = (headers: Record<string, string> = {}, payload?: string) =>
  h.app.inject({ method: 'POST', url: '/api/objects/upload', headers, ...(payload !== undefined ? { payload } : {}) });

describe('POST /api/objects/upload with odd requests', () => {
  it('refuses a cross-site request that carries the session cookie', async () => {
    const { cookie } = await h.signIn();
    const response = await post({ cookie, origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ detail: 'Cross-site request refused' });
  });

  it('treats an empty JSON body as no body, and refuses a JSON body that is not an object', async () => {
    expect((await post({ 'content-type': 'application/json' }, '')).statusCode).toBe(200);
    const array = await post({ 'content-type': 'application/json' }, '[]');
    expect(array.statusCode).toBe(400);
    expect(array.json()).toMatchObject({ errors: [{ field: 'body' }] });
    expect((await post({ 'content-type': 'application/json' }, '{"purpose":')).statusCode).toBe(400);
  });

  it('answers 429 past the limit of upload URLs per address', async () => {
    // Earlier tests in this file used 3 of the 5.
    expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ detail: TOO_MANY_UPLOADS_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('PUT with a malformed Content-Type header', () => {
  const app = useHarness(() => startUploads({ adminUrl: inject('pgAdminUrl') }));

  it('answers 415 naming what is accepted', async () => {
    const { cookie } = await app.signIn();
    const { uploadURL } = await app.issue({ cookie });
    const response = await app.put(uploadURL, imageBytes('png'), { cookie, 'content-type': 'image png' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ detail: NOT_AN_IMAGE_MESSAGE });
    expect(await app.countRows()).toBe(0);
  });
});

describe('an upload over real HTTP', () => {
  const own = useHarness(() => startUploads({ adminUrl: inject('pgAdminUrl') }));

  it('answers 413 on the same connection when a chunked body passes 5 MB', async () => {
    const { cookie } = await own.signIn();
    const { uploadURL } = await own.issue({ cookie });
    const address = await own.app.listen({ port: 0, host: '127.0.0.1' });
    const big = imageBytes('jpeg', 6 * 1024 * 1024);
    const chunks = Readable.from(
      (function* () {
        for (let i = 0; i < big.length; i += 65_536) yield big.subarray(i, i + 65_536);
      })(),
    );
    const response = await fetch(`${address}${uploadURL}`, {
      method: 'PUT',
      body: Readable.toWeb(chunks) as ReadableStream,
      duplex: 'half',
      headers: { cookie, 'content-type': 'image/jpeg' },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ detail: FILE_TOO_LARGE_MESSAGE });
    expect(await own.listFiles()).toEqual([]);
    expect(await own.countRows()).toBe(0);
  });
});
