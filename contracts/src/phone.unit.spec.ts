import { describe, it, expect } from 'vitest';
import {
  formatPhoneForTyping,
  isNigerianMobile,
  NIGERIAN_PHONE_MESSAGE,
  NigerianPhoneSchema,
  toE164,
  toNigerianMobileE164,
} from './phone.ts';
import { issuesOf, parseOrThrow } from '../test/schema-issues.ts';

describe('toNigerianMobileE164, the one phone rule', () => {
  it.each([
    ['08012345678'],
    ['8012345678'],
    ['+234 801 234 5678'],
    ['+2348012345678'],
    ['2348012345678'],
    ['0801-234-5678'],
    ['(0801) 234 5678'],
    ['+234 0801 234 5678'],
    ['002348012345678'],
    [' 0801 234 5678 '],
  ])('reads %j as +2348012345678 (a leading 0 becomes 234, 234 is prepended if missing)', (input) => {
    expect(toNigerianMobileE164(input)).toBe('+2348012345678');
  });

  it.each(['07012345678', '09112345678', '08112345678', '09021234567', '0805 987 6543'])(
    'accepts the mobile number %j',
    (input) => {
      expect(toNigerianMobileE164(input)).toMatch(/^\+234[789][01]\d{8}$/);
    },
  );

  it.each([
    ['nothing', ''],
    ['no digits', 'abc'],
    ['letters mixed into the number', '0801abc2345678'],
    ['a network digit other than 7, 8 or 9', '06012345678'],
    ['a second digit other than 0 or 1', '08212345678'],
    ['a mobile range outside the SPEC pattern', '07212345678'],
    ['a toll-free number', '08000000000'],
    ['too few digits', '0801234567'],
    ['too many digits', '080123456789'],
    ['a number of another country', '+44 7911 123456'],
    ['an American number', '+1 212 555 0100'],
    ['an over-long input', `0801 234 5678${' '.repeat(30)}`],
  ])('refuses %s', (_why, input) => {
    expect(toNigerianMobileE164(input)).toBeNull();
  });

  it('refuses non-strings without throwing', () => {
    expect(toNigerianMobileE164(undefined as unknown as string)).toBeNull();
    expect(toNigerianMobileE164(8012345678 as unknown as string)).toBeNull();
  });
});

describe('toE164', () => {
  it('gives the E.164 form of a Nigerian mobile number', () => {
    expect(toE164('08012345678')).toBe('+2348012345678');
    expect(toE164('+234 801 234 5678')).toBe('+2348012345678');
  });

  it('answers an empty string for anything else', () => {
    expect(toE164('')).toBe('');
    expect(toE164('12345')).toBe('');
  });
});

describe('NigerianPhoneSchema', () => {
  it('answers the number in E.164', () => {
    expect(parseOrThrow(NigerianPhoneSchema, '0803 123 4567')).toBe('+2348031234567');
  });

  it('refuses anything else with the SPEC message, once', () => {
    for (const input of ['', '0803', '06031234567', 42, '0'.repeat(40)]) {
      expect(issuesOf(NigerianPhoneSchema, input)).toEqual([{ path: '', message: NIGERIAN_PHONE_MESSAGE }]);
    }
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
