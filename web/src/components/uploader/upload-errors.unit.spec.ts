import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';
import { describeUploadError, UploadUrlError } from './upload-errors';

/** The shape of the S3 client's error after a refused PUT: status and the answer's body. */
function refusedPut(status: number, body: string): Error {
  return Object.assign(new Error(`S3 returned ${status}`), { status, body });
}

describe('describeUploadError', () => {
  it("reads the server's problem detail instead of the S3 client's status line", () => {
    const body = JSON.stringify({
      status: 413,
      detail: 'The file is larger than 5 MB',
      errors: [{ field: 'file', message: 'The file is larger than 5 MB' }],
    });
    expect(describeUploadError(refusedPut(413, body))).toBe('The file is larger than 5 MB');
  });

  it('uses the first field message when the problem has no detail', () => {
    const body = JSON.stringify({ title: 'Bad Request', errors: [{ field: 'file', message: 'The file is empty' }] });
    expect(describeUploadError(refusedPut(400, body))).toBe('The file is empty');
  });

  it('says what happened when the answer has no readable body', () => {
    expect(describeUploadError(refusedPut(502, '<html>Bad gateway</html>'))).toBe(
      'The upload was refused (502). Please try again.',
    );
    expect(describeUploadError(refusedPut(0, ''))).toBe('The connection was lost during the upload. Please try again.');
  });

  it("keeps SPEC 8's text for a missing upload URL", () => {
    expect(describeUploadError(new UploadUrlError(new TypeError('Failed to fetch')))).toBe('Failed to get upload URL');
  });
});

describe('formatBytes', () => {
  it('writes the limits as people read them', () => {
    expect(formatBytes(5_242_880)).toBe('5 MB');
    expect(formatBytes(10_485_760)).toBe('10 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(974)).toBe('974 bytes');
  });
});
