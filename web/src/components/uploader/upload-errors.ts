import { parseProblem } from '@/lib/problem';

/** Thrown when POST /api/objects/upload fails; the user has already been told (SPEC 8). */
export class UploadUrlError extends Error {
  constructor(cause: unknown) {
    super('Failed to get upload URL', { cause });
    this.name = 'UploadUrlError';
  }
}

type ErrorWithBody = Error & { status?: unknown; body?: unknown };

/**
 * A sentence for a failed PUT. The uploader's S3 client reports 'S3 returned 413';
 * our server answered with a problem+json body naming the reason, which is what a
 * person needs ('File must be at most 5 MB').
 */
export function describeUploadError(error: unknown): string {
  if (error instanceof UploadUrlError) return error.message;
  if (error instanceof Error) {
    const { status, body } = error as ErrorWithBody;
    if (typeof body === 'string' && body) {
      const problem = parseProblem(body);
      const detail = problem?.detail || problem?.errors?.[0]?.message || problem?.title;
      if (detail) return detail;
    }
    if (status === 0 || error.name === 'S3NetworkError') return 'The connection was lost during the upload. Please try again.';
    if (typeof status === 'number') return `The upload was refused (${status}). Please try again.`;
    return error.message || 'The upload failed. Please try again.';
  }
  return 'The upload failed. Please try again.';
}
