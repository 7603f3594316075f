import { describe, expect, it } from 'vitest';
import { decodeUtf8KeepingInvalid, parseQueryString } from './utf8.ts';

describe('decodeUtf8KeepingInvalid', () => {
  it('decodes valid UTF-8 as node does', () => {
    const text = 'Adé 😀 ₦';
    expect(decodeUtf8KeepingInvalid(Buffer.from(text))).toBe(text);
  });

  it.each([
    ['a stray continuation byte', [0x61, 0x80, 0x62], 'a\udc80b'],
    ['a byte never valid', [0xff], '\udcff'],
    ['a truncated sequence', [0xe2, 0x82], '\udce2\udc82'],
    ['an overlong slash', [0xc0, 0xaf], '\udcc0\udcaf'],
    ['an encoded surrogate', [0xed, 0xa0, 0x80], '\udced\udca0\udc80'],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], '\udcf4\udc90\udc80\udc80'],
  ])('keeps %s visible as lone surrogates', (_name, bytes, expected) => {
    expect(decodeUtf8KeepingInvalid(Uint8Array.from(bytes))).toBe(expected);
  });

  it('keeps the valid text around an invalid byte', () => {
    expect(decodeUtf8KeepingInvalid(Buffer.concat([Buffer.from('é'), Buffer.from([0xff]), Buffer.from('😀')]))).toBe('é\udcff😀');
  });
});

describe('parseQueryString', () => {
  it('reads what fastify’s default parser reads', () => {
    expect({ ...parseQueryString('a=1&b=x+y&c=%C3%A9&a=2&d&=e&%') }).toEqual({
      a: ['1', '2'],
      b: 'x y',
      c: 'é',
      d: '',
      '': 'e',
      '%': '',
    });
  });

  it('keeps a NUL and marks an escape of invalid UTF-8', () => {
    expect({ ...parseQueryString('n=%00&f=a%FFb&t=%E2%82&s=100%') }).toEqual({
      n: '\u0000',
      f: 'a\udcffb',
      t: '\udce2\udc82',
      s: '100%',
    });
  });

  it('has no prototype to pollute', () => {
    expect(Object.getPrototypeOf(parseQueryString('__proto__=x'))).toBeNull();
  });
});
