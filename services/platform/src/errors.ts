/**
 * Domain and application errors carry a string code; the HTTP layer maps codes to
 * statuses in one place (http-errors.ts) so routes never pick status numbers.
 */
export type ErrorCode =
  | 'validation_failed'
  | 'not_found'
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

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  duplicate_application: 409,
  already_decided: 409,
  allocation_exceeded: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};
