import { describe, expect, it } from 'vitest';
import { findBadText } from './edge-rule.ts';

describe('findBadText', () => {
  it('passes ordinary text, numbers and nesting', () => {
    expect(findBadText({ a: 'Adé 😀', b: [1, { c: 'x' }], d: null }, '')).toBeNull();
  });

  it('names a NUL at any depth by its path', () => {
    expect(findBadText({ a: [{ b: 'x\u0000' }] }, '')).toEqual({
      field: 'a.0.b',
      message: 'a.0.b must not contain a NUL character',
    });
  });

  it('names a lone surrogate as invalid UTF-8', () => {
    expect(findBadText({ name: 'Ada \udcff' }, '')).toEqual({ field: 'name', message: 'name must be valid UTF-8 text' });
    expect(findBadText({ name: 'Ada \ud800' }, '')).not.toBeNull();
  });

  it('refuses a bad field name, shown escaped', () => {
    expect(findBadText({ 'a\u0000': 'x' }, '')?.field).toBe('a\\u0000');
  });

  it('walks objects of any prototype but leaves raw bytes to their route', () => {
    const params = Object.create({ inherited: true }) as Record<string, string>;
    params.id = '\u0000';
    expect(findBadText(params, '')?.field).toBe('id');
    expect(findBadText(Buffer.from([0]), '')).toBeNull();
  });
});
