// Decoding that keeps invalid UTF-8 visible. node's decoder turns an invalid byte into
// U+FFFD, indistinguishable from a client that really sent U+FFFD, and fast-querystring
// keeps `%FF` as the three letters; either way the bad byte is lost before any rule could
// name the field. Here each invalid byte becomes a lone low surrogate (U+DC80-U+DCFF, as
// Python's surrogateescape does), which no valid text contains, so the edge rule refuses it.

import { isUtf8 } from 'node:buffer';

/** Length of the valid UTF-8 sequence at `index`, or 0 when its first byte is invalid there. */
const sequenceLengthAt = (bytes: Uint8Array, index: number): number => {
  const first = bytes[index]!;
  if (first < 0x80) return 1;
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (first >= 0xc2 && first <= 0xdf) length = 2;
  else if (first >= 0xe0 && first <= 0xef) {
    length = 3;
    // No overlong forms (E0 80-9F) and no encoded surrogates (ED A0-BF).
    if (first === 0xe0) low = 0xa0;
    if (first === 0xed) high = 0x9f;
  } else if (first >= 0xf0 && first <= 0xf4) {
    length = 4;
    if (first === 0xf0) low = 0x90;
    if (first === 0xf4) high = 0x8f;
  } else return 0;
  if (index + length > bytes.length) return 0;
  const second = bytes[index + 1]!;
  if (second < low || second > high) return 0;
  for (let next = index + 2; next < index + length; next += 1) {
    const byte = bytes[next]!;
    if (byte < 0x80 || byte > 0xbf) return 0;
  }
  return length;
};

/** UTF-8 bytes to text; each byte of an invalid sequence becomes U+DC80 + (byte - 0x80). */
export const decodeUtf8KeepingInvalid = (bytes: Uint8Array): string => {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isUtf8(buffer)) return buffer.toString('utf8');
  let text = '';
  let runStart = 0;
  let index = 0;
  while (index < buffer.length) {
    const length = sequenceLengthAt(buffer, index);
    if (length > 0) {
      index += length;
      continue;
    }
    text += buffer.toString('utf8', runStart, index) + String.fromCharCode(0xdc00 | buffer[index]!);
    index += 1;
    runStart = index;
  }
  return text + buffer.toString('utf8', runStart, index);
};

const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/;

/** One query component: `+` is a space, %XX escapes are bytes; a stray `%` stays as it is. */
const decodeQueryComponent = (raw: string): string => {
  const spaced = raw.includes('+') ? raw.replaceAll('+', ' ') : raw;
  if (!PERCENT_ESCAPE.test(spaced)) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    // Invalid escapes or invalid UTF-8 behind them: decode byte by byte instead.
  }
  const bytes: number[] = [];
  for (let index = 0; index < spaced.length; index += 1) {
    const escape = spaced.slice(index, index + 3);
    if (escape.length === 3 && PERCENT_ESCAPE.test(escape)) {
      bytes.push(Number.parseInt(escape.slice(1), 16));
      index += 2;
    } else {
      const codePoint = spaced.codePointAt(index)!;
      if (codePoint > 0xffff) index += 1;
      bytes.push(...Buffer.from(String.fromCodePoint(codePoint), 'utf8'));
    }
  }
  return decodeUtf8KeepingInvalid(Uint8Array.from(bytes));
};

/**
 * The query string as fastify's default parser reads it (repeated keys become an array, a
 * prototype-less object), except that an escape of invalid UTF-8 is kept visible as above.
 */
export const parseQueryString = (query: string): Record<string, string | string[]> => {
  const result: Record<string, string | string[]> = Object.create(null);
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const key = decodeQueryComponent(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decodeQueryComponent(pair.slice(equals + 1));
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else result[key] = [existing, value];
  }
  return result;
};
