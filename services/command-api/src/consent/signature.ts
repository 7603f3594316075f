import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@acres/contracts/errors';

export const SIGNATURE_MISSING_MESSAGE = 'The request is not signed';
export const SIGNATURE_WRONG_MESSAGE = 'The signature does not match the request body';

/**
 * Checks a provider's hex HMAC of the RAW body bytes (never re-serialised JSON, which would
 * differ in whitespace and escapes) in constant time: 401 when the header is missing or not a
 * hex digest of the right length, 403 when it does not match.
 */
export const assertHmacSignature = (options: {
  header: string | string[] | undefined;
  /** 'sha256=' for Meta; none for Termii. */
  prefix: string;
  algorithm: 'sha256' | 'sha512';
  secret: string;
  rawBody: Buffer;
  headerName: string;
}) => {
  const expected = createHmac(options.algorithm, options.secret).update(options.rawBody).digest();
  const value = typeof options.header === 'string' ? options.header.trim() : '';
  const hex = value.toLowerCase().startsWith(options.prefix) ? value.slice(options.prefix.length) : '';
  if (!/^[0-9a-f]+$/i.test(hex) || hex.length !== expected.length * 2) {
    throw new DomainError('unauthorized', SIGNATURE_MISSING_MESSAGE, [
      {
        field: options.headerName,
        message: `must be ${options.prefix}<hex HMAC-${options.algorithm.toUpperCase()} of the body>`,
      },
    ]);
  }
  if (!timingSafeEqual(Buffer.from(hex, 'hex'), expected)) {
    throw new DomainError('forbidden', SIGNATURE_WRONG_MESSAGE, [
      { field: options.headerName, message: SIGNATURE_WRONG_MESSAGE },
    ]);
  }
};
