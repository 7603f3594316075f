import { describe, expect, it } from 'vitest';
import { findBadText } from './edge-rule.ts';

// Moved from the command API's body check (content-type.unit.spec.ts), now the one rule of every route.
describe('findBadText', () => {
  it('finds every NUL and lone surrogate by path, in strings, arrays and keys, sorted', () => {
    expect(
      findBadText(
        { ok: 'Adaeze 😀', notes: 'a\u0000b', tags: ['x', '\ud800'], nested: { ['k\udc00']: 1, fine: '\ud83d\ude00' } },
        'body',
      ),
    ).toEqual([
      { field: 'nested.k\\udc00', message: 'The field name nested.k\\udc00 must be valid UTF-8 text' },
      { field: 'notes', message: 'notes must not contain a NUL character' },
      { field: 'tags.1', message: 'tags.1 must be valid UTF-8 text' },
    ]);
  });

  it('passes well-formed text, including paired surrogates, numbers and null', () => {
    expect(findBadText({ name: 'Ọlá Àdìsá', emoji: '👩🏾‍💼', n: 1, b: null }, 'body')).toEqual([]);
  });

  it('names a bare string after its part', () => {
    expect(findBadText('x\u0000', 'body')).toEqual([{ field: 'body', message: 'body must not contain a NUL character' }]);
  });

  it('survives very deep nesting', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 50_000; i += 1) deep = [deep];
    expect(findBadText({ deep }, 'body')).toHaveLength(1);
  });

  it('walks objects of any prototype and form bodies, but leaves raw bytes to their route', () => {
    const params = Object.create({ inherited: true }) as Record<string, string>;
    params.id = '\u0000';
    expect(findBadText(params, 'params').map((e) => e.field)).toEqual(['id']);
    expect(findBadText(new URLSearchParams('token=%00'), 'body').map((e) => e.field)).toEqual(['token']);
    expect(findBadText(Buffer.from([0]), 'body')).toEqual([]);
  });
});
