import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_UPLOAD_ATTEMPTS, TOO_MANY_ATTEMPTS_MESSAGE } from './attempts.ts';
import { UPLOAD_URL_USED_MESSAGE } from './put-route.ts';
import { imageBytes, startUploads, type UploadsHarness } from '../../test/uploads-harness.ts';

let h: UploadsHarness;
let base: URL;
beforeAll(async () => {
  h = await startUploads({ adminUrl: inject('pgAdminUrl') });
  base = new URL(await h.listen());
});
afterAll(async () => h?.close());

type Interruption = { url: string; cookie: string; sent: Buffer; waitMs: number };
const DECLARED_LENGTH = 1_000_000;

/** Headers and part of the body over a raw socket, then the connection drops. */
const dropSocket = async ({ url, cookie, sent, waitMs }: Interruption) => {
  const socket = net.connect(Number(base.port), base.hostname);
  await once(socket, 'connect');
  socket.on('error', () => {});
  socket.write(
    `PUT ${url} HTTP/1.1\r\nHost: ${base.host}\r\nCookie: ${cookie}\r\nContent-Type: image/png\r\nContent-Length: ${DECLARED_LENGTH}\r\n\r\n`,
  );
  socket.write(sent);
  if (waitMs > 0) await sleep(waitMs);
  socket.destroy();
};

/** An HTTP client request whose body stalls midway and is then aborted. */
const abortRequest = async ({ url, cookie, sent, waitMs }: Interruption) => {
  const request = http.request(new URL(url, base), {
    method: 'PUT',
    headers: { cookie, 'content-type': 'image/png', 'content-length': DECLARED_LENGTH },
  });
  request.on('error', () => {});
  request.write(sent);
  await sleep(waitMs);
  request.destroy();
};

describe('an interrupted upload', () => {
  it('leaves no temporary file and no running handler, however it is cut off', async () => {
    const { cookie } = await h.signIn();
    const png = imageBytes('png', 200_000);
    const ways: Array<() => Interruption> = [
      // Gone before the server finished its checks: the body stream is already dead when read.
      () => ({ url: '', cookie, sent: png.subarray(0, 1000), waitMs: 0 }),
      () => ({ url: '', cookie, sent: Buffer.alloc(0), waitMs: 0 }),
      // Gone while the server is receiving.
      () => ({ url: '', cookie, sent: png.subarray(0, 150_000), waitMs: 150 }),
    ];
    // Four URLs, five attempts each (the most one URL allows): twenty interrupted PUTs.
    const interruptions: Array<Promise<void>> = [];
    for (let u = 0; u < 4; u += 1) {
      const { uploadURL } = await h.issue({ cookie });
      for (let attempt = 0; attempt < MAX_UPLOAD_ATTEMPTS; attempt += 1) {
        const way = { ...ways[(u + attempt) % ways.length]!(), url: uploadURL };
        interruptions.push(attempt % 2 === 0 ? dropSocket(way) : abortRequest(way));
      }
    }
    await Promise.all(interruptions);

    // The clean-up is asserted, not its speed: 8 s is still well inside the server's own idle
    // (15 s) and request (20 s) deadlines, which would end a stuck handler anyway.
    await expect.poll(() => h.listPartFiles(), { timeout: 8000 }).toEqual([]);
    // A handler still waiting for its body would still hold its file open.
    await expect.poll(() => h.listOpenFiles(), { timeout: 8000 }).toEqual([]);
    expect(await h.listFiles()).toEqual([]);
    expect(await h.countRows()).toBe(0);
  });
});

describe('the attempts one upload URL allows', () => {
  const putPng = (app: UploadsHarness['app'], url: string, cookie: string, body: Buffer | string = imageBytes('png')) =>
    app.inject({ method: 'PUT', url, payload: body, headers: { cookie, 'content-type': 'image/png' } });

  it(`are ${MAX_UPLOAD_ATTEMPTS}, counted in the database: the next is refused with 429 on every replica`, async () => {
    const replica = await h.startReplica();
    const { cookie } = await h.signIn();
    const { uploadURL } = await h.issue({ cookie });
    // Failed tries (not an image) spread over both processes.
    for (let attempt = 1; attempt <= MAX_UPLOAD_ATTEMPTS; attempt += 1) {
      const response = await putPng(attempt % 2 ? h.app : replica, uploadURL, cookie, 'not a picture at all, only some words');
      expect(response.statusCode).toBe(415);
    }
    for (const app of [replica, h.app]) {
      const refused = await putPng(app, uploadURL, cookie);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.json()).toMatchObject({ status: 429, detail: TOO_MANY_ATTEMPTS_MESSAGE });
    }
    expect(await h.countRows()).toBe(0);
    expect(await h.listPartFiles()).toEqual([]);
  });

  it('are not used up by refusals that read no body', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL } = await h.issue({ cookie });
    for (let i = 0; i < MAX_UPLOAD_ATTEMPTS + 2; i += 1) {
      const response = await h.app.inject({
        method: 'PUT',
        url: uploadURL,
        payload: imageBytes('png'),
        headers: { cookie, 'content-type': 'image/gif' },
      });
      expect(response.statusCode).toBe(415);
    }
    expect((await putPng(h.app, uploadURL, cookie)).statusCode).toBe(200);
  });

  it('end with one completed upload: the URL then answers 409 and keeps no counter', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    expect((await putPng(h.app, uploadURL, cookie, 'still not a picture')).statusCode).toBe(415);
    expect((await putPng(h.app, uploadURL, cookie)).statusCode).toBe(200);
    const again = await putPng(h.app, uploadURL, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: UPLOAD_URL_USED_MESSAGE });
    const objectId = objectPath.split('/').pop();
    const { rowCount } = await h.db.pool.query('SELECT 1 FROM upload_attempts WHERE object_id = $1', [objectId]);
    expect(rowCount).toBe(0);
  });
});
