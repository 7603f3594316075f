import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_FILE_MESSAGE, FILE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE, receiveImage } from './receive-image.ts';
import { imageBytes } from './test-support.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'acres-receive-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

/** Streams body in chunks of chunkSize into a file and reports the outcome and bytes written. */
const receive = async (body: Buffer, options: { maxBytes?: number; chunkSize?: number } = {}) => {
  const file = path.join(dir, 'incoming');
  const handle = await open(file, 'w');
  const size = options.chunkSize ?? 1024;
  const chunks = Readable.from((function* () { for (let i = 0; i < body.length; i += size) yield body.subarray(i, i + size); })());
  try {
    return { result: await receiveImage({ body: chunks, file: handle, ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}) }), written: 0 };
  } catch (error) {
    return { error: (error as Error).message, written: (await stat(file)).size };
  } finally {
    await handle.close();
  }
};

describe('receiveImage', () => {
  it('accepts exactly maxBytes and reports the sniffed type', async () => {
    expect((await receive(imageBytes('webp', 10_000), { maxBytes: 10_000 })).result).toEqual({ sizeBytes: 10_000, contentType: 'image/webp' });
  });

  it('stops at maxBytes + 1 without writing past the limit', async () => {
    const outcome = await receive(imageBytes('png', 50_000), { maxBytes: 10_000 });
    expect(outcome.error).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(outcome.written).toBeLessThanOrEqual(10_000);
  });

  it('stops at the first chunk when the first bytes are not an image', async () => {
    const outcome = await receive(Buffer.alloc(100_000, 'a'), { chunkSize: 4096 });
    expect(outcome.error).toBe(NOT_AN_IMAGE_MESSAGE);
    expect(outcome.written).toBe(0);
  });

  it('sniffs a signature split across chunks', async () => {
    expect((await receive(imageBytes('png', 64), { chunkSize: 3 })).result?.contentType).toBe('image/png');
  });

  it('accepts a JPEG shorter than the sniff window, refuses other short bodies and an empty one', async () => {
    expect((await receive(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).result?.contentType).toBe('image/jpeg');
    expect((await receive(Buffer.from('GIF8'))).error).toBe(NOT_AN_IMAGE_MESSAGE);
    expect((await receive(Buffer.alloc(0))).error).toBe(EMPTY_FILE_MESSAGE);
  });
});
