import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { imageBytes, imageHeader, jpegFrame, jpegSegment } from '../../test/image-fixtures.ts';
import { createImageHeaderReader, exceedsPixelLimit, MAX_IMAGE_PIXELS, readImageHeader } from './image-header.ts';

const SOI = Buffer.from([0xff, 0xd8]);
const size = { width: 4000, height: 3000 };

const riff = (fourcc: string, data: Buffer) => {
  const chunkSize = Buffer.alloc(4);
  chunkSize.writeUInt32LE(data.length);
  return Buffer.concat([
    Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBP', 'latin1'),
    Buffer.from(fourcc, 'latin1'),
    chunkSize,
    data,
    Buffer.alloc(64),
  ]);
};
const u16le = (value: number) => Buffer.from([value & 0xff, value >> 8]);

/** Feeds bytes chunkSize at a time, as a request body arrives. */
const readInChunks = (bytes: Buffer, chunkSize: number) => {
  const reader = createImageHeaderReader();
  for (let i = 0; i < bytes.length; i += chunkSize) {
    const outcome = reader.push(bytes.subarray(i, i + chunkSize));
    if (outcome) return outcome;
  }
  return reader.end();
};

describe('reading an image header', () => {
  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
  ] as const)('reads the type and size of a %s, whole or a byte at a time', (kind, contentType) => {
    const bytes = imageBytes(kind, 5000, size);
    expect(readImageHeader(bytes)).toEqual({ contentType, ...size });
    expect(readInChunks(bytes, 1)).toEqual({ contentType, ...size });
  });

  it.each([
    ['progressive', 0xc2],
    ['lossless', 0xc3],
    ['arithmetic', 0xc9],
    ['hierarchical', 0xc5],
  ])('reads the size from a %s JPEG frame, not only a baseline one', (_kind, marker) => {
    expect(readImageHeader(Buffer.concat([SOI, jpegFrame(marker, size), randomBytes(100)]))).toEqual({
      contentType: 'image/jpeg',
      ...size,
    });
  });

  it('skips a large APP segment and fill bytes before the frame, in chunks of any size', () => {
    const exif = jpegSegment(0xe1, randomBytes(65_000));
    const bytes = Buffer.concat([SOI, exif, exif, exif, Buffer.from([0xff, 0xff]), jpegFrame(0xc0, size), randomBytes(10)]);
    for (const chunkSize of [1, 7, 4096, 65_536, bytes.length]) {
      expect(readInChunks(bytes, chunkSize)).toEqual({ contentType: 'image/jpeg', ...size });
    }
  });

  it('reads lossy and lossless WebP frames', () => {
    const lossy = Buffer.concat([Buffer.from([0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a]), u16le(size.width), u16le(size.height)]);
    expect(readImageHeader(riff('VP8 ', lossy))).toEqual({ contentType: 'image/webp', ...size });
    const bits = Buffer.alloc(4);
    bits.writeUInt32LE((size.width - 1) | ((size.height - 1) << 14));
    expect(readImageHeader(riff('VP8L', Buffer.concat([Buffer.from([0x2f]), bits])))).toEqual({
      contentType: 'image/webp',
      ...size,
    });
  });

  it.each([
    ['a scan before any frame', Buffer.concat([SOI, jpegSegment(0xda, Buffer.alloc(10)), jpegFrame(0xc0, size)])],
    ['the end before any frame', Buffer.concat([SOI, Buffer.from([0xff, 0xd9])])],
    // A segment length that lands off a marker: decoders resynchronise, and could find another frame than ours.
    [
      'a segment that does not end on a marker',
      Buffer.concat([SOI, jpegSegment(0xe0, Buffer.alloc(10)).subarray(0, 10), jpegFrame(0xc0, { width: 1, height: 1 })]),
    ],
    ['a frame of height 0', Buffer.concat([SOI, jpegFrame(0xc0, { width: 100, height: 0 })])],
    ['a JPEG cut short before its frame', Buffer.concat([SOI, jpegSegment(0xe1, randomBytes(500))]).subarray(0, 300)],
    ['a JPEG of four bytes', Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    [
      'a PNG whose first chunk is not IHDR',
      Buffer.concat([imageHeader('png').subarray(0, 12), Buffer.from('CgBI', 'latin1'), randomBytes(40)]),
    ],
    ['a PNG of width 0', imageBytes('png', 100, { width: 0, height: 10 })],
    ['a WebP whose first chunk is not a frame', riff('ALPH', randomBytes(10))],
    ['a lossy WebP without its start code', riff('VP8 ', Buffer.alloc(10))],
  ])('calls %s unreadable', (_what, bytes) => {
    expect(readImageHeader(bytes)).toBe('unreadable');
  });

  it('calls anything without a JPEG, PNG or WebP signature not an image', () => {
    expect(readImageHeader(Buffer.from('GIF89a and some more bytes'))).toBe('not-an-image');
    expect(readImageHeader(Buffer.from('GIF8'))).toBe('not-an-image');
    expect(readImageHeader(Buffer.alloc(0))).toBe('not-an-image');
  });
});

describe('the pixel limit', () => {
  it(`allows ${MAX_IMAGE_PIXELS / 1_000_000} megapixels and not one row more`, () => {
    expect(exceedsPixelLimit({ contentType: 'image/png', width: 10_000, height: 5000 })).toBe(false);
    expect(exceedsPixelLimit({ contentType: 'image/png', width: 10_000, height: 5001 })).toBe(true);
    expect(exceedsPixelLimit({ contentType: 'image/jpeg', width: 65_500, height: 65_500 })).toBe(true);
  });
});
