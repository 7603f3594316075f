import { describe, expect, it } from 'vitest';
import { encodeBasicAuth } from './basic-auth';

const decode = (header: string) => Buffer.from(header.replace(/^Basic /, ''), 'base64').toString('utf8');

describe('encodeBasicAuth', () => {
  it('encodes username:password as a Basic header', () => {
    expect(encodeBasicAuth({ username: 'admin', password: 'secret' })).toBe('Basic YWRtaW46c2VjcmV0');
  });

  it('keeps non-Latin-1 characters intact through UTF-8', () => {
    const header = encodeBasicAuth({ username: 'adé', password: 'naira₦ pass:word' });
    expect(decode(header)).toBe('adé:naira₦ pass:word');
  });
});
