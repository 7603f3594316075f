// A proof of payment sent over a slow mobile link takes longer than the 20 s other
// requests get; the upload PUT allows it longer (a stalled body is still closed by the
// idle timeout). Shortened timeouts, raw sockets: the body must really arrive slowly.

import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@acres/contracts';
import { findUploadedObject } from './objects.ts';
import { UPLOAD_REQUEST_DEADLINE_MS } from './put-route.ts';
import { imageBytes, startUploads, type UploadsHarness } from '../../test/uploads-harness.ts';

// The ordinary deadline is 1 s here; a gap of 800 ms is not yet idle.
const TIMEOUTS = { requestMs: 1_000, headersMs: 500, idleMs: 800 };

let h: UploadsHarness;
let port: number;
beforeAll(async () => {
  h = await startUploads({ adminUrl: inject('pgAdminUrl'), timeouts: TIMEOUTS });
  port = Number(new URL(await h.listen()).port);
});
afterAll(async () => h?.close());

type SlowRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer;
  /** Content-Length when it is not the body's (a body that stops short). */
  declaredLength?: number;
  pieces: number;
  gapMs: number;
};

/** Sends the headers, then the body in `pieces` pieces `gapMs` apart; resolves with the answer once the server closes. */
const sendSlowly = async (request: SlowRequest) => {
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.on('error', () => undefined);
  const started = Date.now();
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) => {
    socket.on('close', () => resolve({ afterMs: Date.now() - started, received }));
  });
  const length = request.declaredLength ?? request.body.length;
  const headers = { ...request.headers, host: 'localhost', connection: 'close', 'content-length': String(length) };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`${request.method} ${request.url} HTTP/1.1\r\n${head}\r\n`);
  const size = Math.ceil(request.body.length / request.pieces);
  for (let offset = 0; offset < request.body.length && !socket.destroyed; offset += size) {
    await sleep(request.gapMs);
    socket.write(request.body.subarray(offset, offset + size));
  }
  return closed;
};

const bodyOf = (received: string) => JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4));

describe('the upload PUT on a slow link', () => {
  it('allows a 5 MB image to arrive at half of 100 KB/s', () => {
    expect(UPLOAD_REQUEST_DEADLINE_MS).toBeGreaterThanOrEqual((MAX_UPLOAD_BYTES / 50_000) * 1000);
  });

  it('stores an image whose body arrives steadily for longer than the ordinary deadline', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    const png = imageBytes('png', 40_000);
    const put = { method: 'PUT', url: uploadURL, headers: { cookie, 'content-type': 'image/png' }, body: png };
    const { afterMs, received } = await sendSlowly({ ...put, pieces: 10, gapMs: 250 });
    expect(afterMs).toBeGreaterThan(2 * TIMEOUTS.requestMs);
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(bodyOf(received)).toEqual({ objectPath });
    expect((await readFile(path.join(h.dataDir, objectPath))).equals(png)).toBe(true);
  });

  it('closes an upload whose body stalls after the idle timeout, storing nothing', async () => {
    const { cookie } = await h.signIn();
    const { uploadURL, objectPath } = await h.issue({ cookie });
    const png = imageBytes('png', 40_000);
    const put = { method: 'PUT', url: uploadURL, headers: { cookie, 'content-type': 'image/png' } };
    const { afterMs } = await sendSlowly({
      ...put,
      body: png.subarray(0, 20_000),
      declaredLength: png.length,
      pieces: 1,
      gapMs: 0,
    });
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.idleMs - 100);
    expect(afterMs).toBeLessThan(4 * TIMEOUTS.idleMs);
    await expect.poll(() => h.listPartFiles(), { timeout: 2000 }).toEqual([]);
    expect(await findUploadedObject(h.db.pool, objectPath)).toBeNull();
  });

  it('is the exception: a JSON body to the upload-URL route, as slow, is cut at the ordinary deadline with 408', async () => {
    const { cookie } = await h.signIn();
    const body = Buffer.from(JSON.stringify({ purpose: 'payment-proof' }));
    const post = { method: 'POST', url: '/api/objects/upload', headers: { cookie, 'content-type': 'application/json' }, body };
    const { afterMs, received } = await sendSlowly({ ...post, pieces: body.length, gapMs: 250 });
    expect(afterMs).toBeLessThan(2 * TIMEOUTS.requestMs + 500);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(received)).toMatchObject({ status: 408, title: 'Request Timeout' });
  });
});
