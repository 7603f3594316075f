import { describe, it, expect } from 'vitest';
import {
  isAllowedImageType,
  isWithinUploadLimit,
  sniffImageType,
  UploadResultSchema,
  UploadUrlResponseSchema,
} from './upload.ts';
import { issuesOf } from '../test/schema-issues.ts';

describe('upload answers', () => {
  it('parse the upload URL and the object path', () => {
    expect(issuesOf(UploadUrlResponseSchema, { uploadURL: 'http://localhost/api/objects/put/abc?sig=1' })).toEqual([]);
    expect(issuesOf(UploadUrlResponseSchema, { uploadURL: '' })).toHaveLength(1);
    expect(issuesOf(UploadResultSchema, { objectPath: '/objects/uploads/abc' })).toEqual([]);
  });
});

describe('isAllowedImageType', () => {
  it('accepts JPEG, PNG and WebP, with parameters and any case', () => {
    expect(isAllowedImageType('image/jpeg')).toBe(true);
    expect(isAllowedImageType('image/webp')).toBe(true);
    expect(isAllowedImageType('IMAGE/PNG; charset=binary')).toBe(true);
  });

  it('rejects other types', () => {
    expect(isAllowedImageType('image/gif')).toBe(false);
    expect(isAllowedImageType('application/pdf')).toBe(false);
    expect(isAllowedImageType('')).toBe(false);
  });
});

describe('isWithinUploadLimit', () => {
  it('allows 1 byte up to exactly 5 MB', () => {
    expect(isWithinUploadLimit(1)).toBe(true);
    expect(isWithinUploadLimit(5_242_880)).toBe(true);
    expect(isWithinUploadLimit(5_242_881)).toBe(false);
    expect(isWithinUploadLimit(0)).toBe(false);
    expect(isWithinUploadLimit(Number.NaN)).toBe(false);
  });
});

describe('sniffImageType', () => {
  it('recognises JPEG and PNG signatures', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]))).toBe('image/png');
  });

  it('recognises WebP (RIFF....WEBP) but not other RIFF files', () => {
    const riff = (kind: string) =>
      new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x24, 0x00, 0x00, 0x00, ...new TextEncoder().encode(kind)]);
    expect(sniffImageType(riff('WEBP'))).toBe('image/webp');
    expect(sniffImageType(riff('WAVE'))).toBeNull();
    expect(sniffImageType(riff('WEBP').subarray(0, 11))).toBeNull();
  });

  it('rejects anything else, including truncated signatures', () => {
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e]))).toBeNull();
    expect(sniffImageType(new Uint8Array([]))).toBeNull();
  });
});
