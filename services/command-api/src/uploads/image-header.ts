import { IMAGE_SNIFF_BYTES, sniffImageType, type AllowedImageType } from '@acres/contracts';

/** Width × height a browser may be asked to decode: a 65500 × 65500 header would need ~17 GB. */
export const MAX_IMAGE_PIXELS = 50_000_000;

export type ImageHeader = { contentType: AllowedImageType; width: number; height: number };
/**
 * 'not-an-image': not a JPEG, PNG or WebP at all. 'unreadable': one of those whose
 * header is damaged or laid out in a way we do not parse, so its size is unknown.
 */
export type HeaderProblem = 'not-an-image' | 'unreadable';
export type HeaderOutcome = ImageHeader | HeaderProblem;

type Size = { width: number; height: number };
/** Takes the next bytes of the file; the size once known, 'unreadable', or null for "send more". */
type Measure = (chunk: Buffer) => Size | 'unreadable' | null;

const sizeOf = (width: number, height: number): Size | 'unreadable' =>
  width > 0 && height > 0 ? { width, height } : 'unreadable';

/** For formats whose size sits at a fixed place near the start: waits for that many bytes. */
const measureFixed = (length: number, read: (head: Buffer) => Size | 'unreadable'): Measure => {
  let head = Buffer.alloc(0);
  return (chunk) => {
    head = Buffer.concat([head, chunk.subarray(0, length - head.length)]);
    return head.length < length ? null : read(head);
  };
};

// Signature 8, then IHDR, which must come first: length 13, type, width, height.
const measurePng = () =>
  measureFixed(24, (head) =>
    head.readUInt32BE(8) === 13 &&
    head.toString('latin1', 12, 16) === 'IHDR' &&
    head.readUInt32BE(16) < 2 ** 31 &&
    head.readUInt32BE(20) < 2 ** 31
      ? sizeOf(head.readUInt32BE(16), head.readUInt32BE(20))
      : 'unreadable',
  );

// RIFF header 12, then the first chunk's type and length, then its first 10 bytes.
const measureWebp = () =>
  measureFixed(30, (head) => {
    switch (head.toString('latin1', 12, 16)) {
      case 'VP8X': // canvas size, 24 bits each, minus one
        return sizeOf(head.readUIntLE(24, 3) + 1, head.readUIntLE(27, 3) + 1);
      case 'VP8 ': // lossy key frame: 3-byte frame tag, start code, 14-bit sizes
        if ((head[20]! & 1) !== 0 || head.readUIntBE(23, 3) !== 0x9d012a) return 'unreadable';
        return sizeOf(head.readUInt16LE(26) & 0x3fff, head.readUInt16LE(28) & 0x3fff);
      case 'VP8L': {
        // lossless: signature byte, then 14-bit sizes minus one
        if (head[20] !== 0x2f) return 'unreadable';
        const bits = head.readUInt32LE(21);
        return sizeOf((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
      }
      default:
        return 'unreadable';
    }
  });

// Every start-of-frame marker (baseline, progressive, lossless, hierarchical, arithmetic),
// not only the common C0-C2: a frame of any kind declares the size a decoder allocates.
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
// Markers without a length field: TEM and the restart markers.
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * Walks JPEG segments strictly from the start to the first frame header, skipping the
 * bodies of the segments before it without holding them, so an APP segment of any size
 * costs no memory. Anything that is not a well-formed marker where one must be (where
 * decoders would resynchronise and could disagree with us) is 'unreadable', as is
 * reaching the scan or the end before a frame.
 */
const measureJpeg = (): Measure => {
  let pending = Buffer.alloc(0);
  let toSkip = 0;
  let pastStart = false;
  return (chunk) => {
    if (toSkip >= chunk.length) {
      toSkip -= chunk.length;
      return null;
    }
    pending = Buffer.concat([pending, chunk.subarray(toSkip)]);
    toSkip = 0;
    for (;;) {
      if (pending.length < 2) return null;
      if (!pastStart) {
        if (pending[0] !== 0xff || pending[1] !== 0xd8) return 'unreadable';
        pastStart = true;
        pending = pending.subarray(2);
        continue;
      }
      if (pending[0] !== 0xff) return 'unreadable';
      const marker = pending[1]!;
      if (marker === 0xff) {
        pending = pending.subarray(1); // a fill byte before the marker
        continue;
      }
      if (isStandalone(marker)) {
        pending = pending.subarray(2);
        continue;
      }
      if (marker === 0x00 || marker === 0xd8 || marker === 0xd9 || marker === 0xda) return 'unreadable';
      if (pending.length < 4) return null;
      const length = pending.readUInt16BE(2);
      if (length < 2) return 'unreadable';
      if (isStartOfFrame(marker)) {
        // length, precision 1, height 2, width 2; a height of 0 (set later by DNL) is not supported.
        if (length < 8) return 'unreadable';
        if (pending.length < 9) return null;
        return sizeOf(pending.readUInt16BE(7), pending.readUInt16BE(5));
      }
      const segmentEnd = 2 + length;
      if (pending.length >= segmentEnd) {
        pending = pending.subarray(segmentEnd);
        continue;
      }
      toSkip = segmentEnd - pending.length;
      pending = Buffer.alloc(0);
      return null;
    }
  };
};

const MEASURES: Record<AllowedImageType, () => Measure> = {
  'image/jpeg': measureJpeg,
  'image/png': measurePng,
  'image/webp': measureWebp,
};

/**
 * Reads an image's type and declared size from its first bytes as they arrive, chunk by
 * chunk, holding no more than one chunk: push returns the outcome as soon as it is
 * known (null until then), end the final one when the bytes ran out first.
 */
export const createImageHeaderReader = () => {
  let head = Buffer.alloc(0);
  let contentType: AllowedImageType | null = null;
  let measure: Measure | null = null;
  let outcome: HeaderOutcome | null = null;

  const push = (chunk: Buffer): HeaderOutcome | null => {
    if (outcome) return outcome;
    let bytes = chunk;
    if (!measure) {
      head = Buffer.concat([head, chunk]);
      if (head.length < IMAGE_SNIFF_BYTES) return null;
      contentType = sniffImageType(head);
      if (!contentType) return (outcome = 'not-an-image');
      measure = MEASURES[contentType]();
      bytes = head;
      head = Buffer.alloc(0);
    }
    const size = measure(bytes);
    if (size) outcome = size === 'unreadable' ? size : { contentType: contentType!, ...size };
    return outcome;
  };

  const end = (): HeaderOutcome => {
    if (outcome) return outcome;
    // Shorter than the sniff window: only a JPEG's signature fits, and no frame with it.
    outcome = measure || sniffImageType(head) ? 'unreadable' : 'not-an-image';
    return outcome;
  };

  return { push, end };
};

/** The outcome of reading all of bytes at once (S3 checks, tests). */
export const readImageHeader = (bytes: Buffer): HeaderOutcome => {
  const reader = createImageHeaderReader();
  return reader.push(bytes) ?? reader.end();
};

export const exceedsPixelLimit = (header: { contentType: string; width: number; height: number }) =>
  header.width * header.height > MAX_IMAGE_PIXELS;
