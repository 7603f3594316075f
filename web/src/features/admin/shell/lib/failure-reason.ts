import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/problem';

/** A failure toast's text, followed by why: the server's reason when it gave one, or that it could not be reached. */
export function withFailureReason(base: string, error: unknown): string {
  let reason = '';
  if (error instanceof ApiError) reason = describeError(error);
  else if (error instanceof TypeError) reason = 'The server could not be reached. Check your connection and try again.';
  return reason ? `${base}: ${reason}` : base;
}
