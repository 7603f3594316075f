/**
 * Domain and application errors carry a string code; the HTTP layer maps codes to
 * statuses in one place (@acres/platform's http-errors.ts) so routes never pick status numbers.
 */
export type ErrorCode =
  | 'validation_failed'
  | 'not_found'
  | 'gone'
  | 'conflict'
  | 'duplicate_application'
  | 'already_decided'
  | 'allocation_exceeded'
  | 'unauthorized'
  | 'forbidden'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'unavailable';

export type FieldError = { field: string; message: string };

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  constructor(code: ErrorCode, message: string, errors?: FieldError[]) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.errors = errors;
  }
}
