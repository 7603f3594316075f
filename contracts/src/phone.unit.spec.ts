import { describe, it, expect } from 'vitest';
import {
  formatPhoneForTyping,
  isNigerianMobile,
  NIGERIAN_MOBILE_PATTERN,
  toE164,
  toInternationalPhone,
} from './phone.ts';

describe('toInternationalPhone', () => {
  it.each([
    ['08012345678', '2348012345678'],
    ['8012345678', '2348012345678'],
    ['+234 801 234 5678', '2348012345678'],
    ['2348012345678', '2348012345678'],
    ['0801-234-5678', '2348012345678'],
    ['(0801) 234 5678', '2348012345678'],
    ['+234 0801 234 5678', '2348012345678'],
    ['002348012345678', '2348012345678'],
  ])('turns %s into %s', (input, expected) => {
    expect(toInternationalPhone(input)).toBe(expected);
  });

  it('answers an empty string for input without digits', () => {
    expect(toInternationalPhone('')).toBe('');
    expect(toInternationalPhone('abc')).toBe('');
    expect(toInternationalPhone('+ - ')).toBe('');
  });

  it('drops letters mixed into the number', () => {
    expect(toInternationalPhone('0801abc2345678')).toBe('2348012345678');
  });
});

describe('toE164', () => {
  it('prefixes the international digits with +', () => {
    expect(toE164('08012345678')).toBe('+2348012345678');
    expect(toE164('+234 801 234 5678')).toBe('+2348012345678');
  });

  it('answers an empty string when there are no digits', () => {
    expect(toE164('')).toBe('');
  });
});

describe('formatPhoneForTyping', () => {
  it.each([
    ['', ''],
    ['0', '+234'],
    ['08', '+234 8'],
    ['0801', '+234 801'],
    ['08012', '+234 801 2'],
    ['08012345678', '+234 801 234 5678'],
    ['8012345678', '+234 801 234 5678'],
    ['2348012345678', '+234 801 234 5678'],
    ['+', ''],
    ['+2', '+2'],
    ['+23', '+23'],
    ['+234', '+234'],
    ['+2348', '+234 8'],
    ['0801-234-5678', '+234 801 234 5678'],
  ])('formats %j as %j', (input, expected) => {
    expect(formatPhoneForTyping(input)).toBe(expected);
  });

  it('keeps at most 13 digits', () => {
    expect(formatPhoneForTyping('080123456789999')).toBe('+234 801 234 5678');
    expect(formatPhoneForTyping('+234 801 234 56789')).toBe('+234 801 234 5678');
  });

  it('gives the same output when applied to its own output', () => {
    for (const input of ['0', '0801', '080123', '08012345678', '+2', '8', '+234 801 234 5678']) {
      const once = formatPhoneForTyping(input);
      expect(formatPhoneForTyping(once)).toBe(once);
    }
  });

  it('ignores letters', () => {
    expect(formatPhoneForTyping('abc')).toBe('');
    expect(formatPhoneForTyping('08o1')).toBe('+234 81');
  });
});

describe('NIGERIAN_MOBILE_PATTERN', () => {
  it.each(['08012345678', '+2348012345678', '07012345678', '09112345678', '08112345678'])(
    'accepts %s',
    (phone) => {
      expect(NIGERIAN_MOBILE_PATTERN.test(phone)).toBe(true);
    },
  );

  it.each([
    ['a network digit other than 7, 8 or 9', '06012345678'],
    ['a second digit other than 0 or 1', '08212345678'],
    ['too few digits', '0801234567'],
    ['too many digits', '080123456789'],
    ['no prefix', '8012345678'],
    ['234 without +', '2348012345678'],
    ['a trunk 0 after +234', '+23408012345678'],
    ['letters', '0801234567a'],
    ['spaces (the raw pattern has none)', '0801 234 5678'],
  ])('rejects %s', (_why, phone) => {
    expect(NIGERIAN_MOBILE_PATTERN.test(phone)).toBe(false);
  });
});

describe('isNigerianMobile', () => {
  it('accepts numbers written with spaces, dashes or surrounding blanks', () => {
    expect(isNigerianMobile(' 0801 234 5678 ')).toBe(true);
    expect(isNigerianMobile('+234-801-234-5678')).toBe(true);
  });

  it('rejects empty, short, long and lettered input', () => {
    expect(isNigerianMobile('')).toBe(false);
    expect(isNigerianMobile('0801')).toBe(false);
    expect(isNigerianMobile('+23480123456789')).toBe(false);
    expect(isNigerianMobile('0801234567x')).toBe(false);
  });

  it('rejects non-strings without throwing', () => {
    expect(isNigerianMobile(undefined as unknown as string)).toBe(false);
    expect(isNigerianMobile(8012345678 as unknown as string)).toBe(false);
  });
});
