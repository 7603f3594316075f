import { DomainError, type ErrorCode } from '@acres/contracts/errors';

/** The HTTP side of the domain errors (defined in @acres/contracts/errors): one status per code. */
export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  gone: 410,
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
