import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './content-type.ts';

describe('text the database cannot store', () => {
  it('is found by path in strings, arrays and keys', () => {
    expect(
      findUnstorableText({
        ok: 'Adaeze 😀',
        notes: 'a\u0000b',
        tags: ['x', '\ud800'],
        nested: { ['k\udc00']: 1, fine: '\ud83d\ude00' },
      }),
    ).toEqual(['nested.k\udc00', 'notes', 'tags.1']);
  });

  it('is not found in well-formed text, including paired surrogates', () => {
    expect(findUnstorableText({ name: 'Ọlá Àdìsá', emoji: '👩🏾‍💼', n: 1, b: null })).toEqual([]);
  });

  it('survives very deep nesting', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 50_000; i += 1) deep = [deep];
    expect(findUnstorableText({ deep })).toHaveLength(1);
  });
});
