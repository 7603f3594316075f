import { isSafeReturnTo } from '@acres/contracts';

const MAX_RETURN_TO_LENGTH = 2048;

/**
 * ?returnTo= as a same-origin path that is safe in a Location header. Letters beyond ASCII
 * ('/dashboard。x', U+2028) are percent-encoded, since node refuses them in a header;
 * control characters, a second value, '//evil.com', 'https://…', 'javascript:…' and a
 * lone surrogate (which cannot be encoded) all become '/'.
 */
export const toSafeReturnTo = (value: unknown): string => {
  if (typeof value !== 'string' || value.length > MAX_RETURN_TO_LENGTH) return '/';
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return '/';
  let encoded: string;
  try {
    encoded = value.replace(/[^\x21-\x7e]+/gu, (run) => encodeURIComponent(run));
  } catch {
    return '/';
  }
  return isSafeReturnTo(encoded) ? encoded : '/';
};
