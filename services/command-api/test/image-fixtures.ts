import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

export type ImageKind = 'jpeg' | 'png' | 'webp';
export type Dimensions = { width: number; height: number };

const u16be = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const u24le = (value: number) => Buffer.from([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff]);
const u32be = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32be(data.length), body, u32be(crc32(body))]);
};

/** A JPEG segment: marker, then a length that counts itself. */
export const jpegSegment = (marker: number, data: Buffer) =>
  Buffer.concat([Buffer.from([0xff, marker]), u16be(data.length + 2), data]);

/** A JPEG frame header of any kind (0xc0 baseline, 0xc2 progressive, 0xc9 arithmetic…), three components. */
export const jpegFrame = (marker: number, { width, height }: Dimensions) =>
  jpegSegment(
    marker,
    Buffer.concat([Buffer.from([8]), u16be(height), u16be(width), Buffer.from([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])]),
  );

const JFIF = jpegSegment(0xe0, Buffer.from('JFIF\u0000\u0001\u0001\u0000\u0000\u0001\u0000\u0001\u0000\u0000', 'latin1'));

/**
 * The first bytes of an image as a decoder reads them, up to and including the size:
 * JPEG SOI, JFIF and a baseline frame; PNG signature and IHDR; WebP RIFF and VP8X.
 */
export const imageHeader = (kind: ImageKind, size: Dimensions = { width: 64, height: 48 }) => {
  switch (kind) {
    case 'jpeg':
      return Buffer.concat([Buffer.from([0xff, 0xd8]), JFIF, jpegFrame(0xc0, size)]);
    case 'png': {
      const ihdr = Buffer.concat([u32be(size.width), u32be(size.height), Buffer.from([8, 2, 0, 0, 0])]);
      return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr)]);
    }
    case 'webp': {
      const vp8x = Buffer.concat([
        Buffer.from('VP8X', 'latin1'),
        Buffer.from([10, 0, 0, 0]),
        Buffer.alloc(4),
        u24le(size.width - 1),
        u24le(size.height - 1),
      ]);
      return Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([0x24, 0x08, 0, 0]), Buffer.from('WEBP', 'latin1'), vp8x]);
    }
  }
};

/** An image whose header is real (the server reads type and size from it) followed by noise up to size bytes. */
export const imageBytes = (kind: ImageKind, size = 2048, dimensions?: Dimensions) => {
  const head = imageHeader(kind, dimensions);
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
};
