import { describe, expect, it } from 'vitest';
import { createUploadHeaderReader } from './upload-header.ts';

const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj', 'latin1');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR', 'latin1'),
  Buffer.from([0, 0, 0, 2, 0, 0, 0, 3]),
]);

const read = (purpose: 'payment-proof' | 'due-diligence-document', ...chunks: Buffer[]) => {
  const reader = createUploadHeaderReader(purpose);
  for (const chunk of chunks) {
    const outcome = reader.push(chunk);
    if (outcome) return outcome;
  }
  return reader.end();
};

describe('the bytes decide what an upload is', () => {
  it('takes a PDF as a due-diligence document, even split across chunks, and never as a payment proof', () => {
    expect(read('due-diligence-document', PDF)).toEqual({ contentType: 'application/pdf', width: 0, height: 0 });
    expect(read('due-diligence-document', PDF.subarray(0, 2), PDF.subarray(2))).toMatchObject({ contentType: 'application/pdf' });
    expect(read('payment-proof', PDF)).toBe('not-an-image');
  });

  it('takes an image as a document too, with its size, and refuses anything else', () => {
    expect(read('due-diligence-document', PNG)).toEqual({ contentType: 'image/png', width: 2, height: 3 });
    expect(read('due-diligence-document', Buffer.from('%PDX-1.7 almost a PDF'))).toBe('not-an-image');
    expect(read('due-diligence-document', Buffer.from('%PD'))).toBe('not-an-image');
    expect(read('due-diligence-document', Buffer.alloc(0))).toBe('not-an-image');
  });
});
