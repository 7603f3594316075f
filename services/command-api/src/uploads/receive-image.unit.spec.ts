import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EMPTY_FILE_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  NOT_AN_IMAGE_MESSAGE,
  receiveImage,
  TOO_MANY_PIXELS_MESSAGE,
  UNREADABLE_IMAGE_MESSAGE,
  UPLOAD_INTERRUPTED_MESSAGE,
} from './receive-image.ts';
import { imageBytes } from '../../test/uploads-harness.ts';

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
  const chunks = Readable.from(
    (function* () {
      for (let i = 0; i < body.length; i += size) yield body.subarray(i, i + size);
    })(),
  );
  try {
    return {
      result: await receiveImage({ body: chunks, file: handle, ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}) }),
      written: 0,
    };
  } catch (error) {
    return { error: (error as Error).message, written: (await stat(file)).size };
  } finally {
    await handle.close();
  }
};

describe('receiveImage', () => {
  it('accepts exactly maxBytes and reports the sniffed type', async () => {
    expect((await receive(imageBytes('webp', 10_000), { maxBytes: 10_000 })).result).toEqual({
      sizeBytes: 10_000,
      contentType: 'image/webp',
    });
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

  it('refuses short bodies (a JPEG signature with no frame cannot be measured) and an empty one', async () => {
    expect((await receive(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).error).toBe(UNREADABLE_IMAGE_MESSAGE);
    expect((await receive(Buffer.from('GIF8'))).error).toBe(NOT_AN_IMAGE_MESSAGE);
    expect((await receive(Buffer.alloc(0))).error).toBe(EMPTY_FILE_MESSAGE);
  });

  it.each(['jpeg', 'png', 'webp'] as const)('stops at the header of a %s declaring more than 50 megapixels', async (kind) => {
    const outcome = await receive(imageBytes(kind, 100_000, { width: 65_500, height: 65_500 }), { chunkSize: 4096 });
    expect(outcome.error).toBe(TOO_MANY_PIXELS_MESSAGE);
    expect(outcome.written).toBe(0);
  });

  it('rejects at once for a body that was cut off before it was read, or closes without ending', async () => {
    const handle = await open(path.join(dir, 'incoming'), 'w');
    try {
      const gone = new PassThrough();
      gone.destroy();
      await expect(receiveImage({ body: gone, file: handle })).rejects.toThrow(UPLOAD_INTERRUPTED_MESSAGE);
      const cut = new PassThrough();
      const receiving = receiveImage({ body: cut, file: handle });
      cut.write(imageBytes('png', 1000));
      cut.destroy();
      await expect(receiving).rejects.toThrow(UPLOAD_INTERRUPTED_MESSAGE);
    } finally {
      await handle.close();
    }
  });
});
