import { describe, expect, it } from 'vitest';
import { generateReferralCode, REFERRAL_CODE_ALPHABET } from './referral-code.ts';

const CODE = /^[0-9A-HJKMNP-TV-Z]{1,10}$/;
/** Always picks the same position of the alphabet: deterministic random part. */
const always = (index: number) => () => index;

describe('a generated referral code', () => {
  it('starts with up to 4 letters of the name and is 8 characters of the unambiguous alphabet', () => {
    expect(generateReferralCode('Tunde Bakare', always(0))).toBe('TNDE0000');
    expect(generateReferralCode('Ada Obi', always(31))).toBe('ADABZZZZ');
  });

  it('never contains I, L, O or U, nor lower case', () => {
    expect(REFERRAL_CODE_ALPHABET).not.toMatch(/[ILOU]/);
    for (const name of ['Oluwaseun Adeyemi', 'Ijeoma Okonkwo', 'lulu', 'Ọlá Àlàbí', '张伟', '', "O'Neil-Umeh 3rd"]) {
      for (let i = 0; i < 50; i += 1) {
        const code = generateReferralCode(name);
        expect(code).toMatch(CODE);
        expect(code).toHaveLength(8);
      }
    }
  });

  it('strips accents from the name instead of dropping the letters', () => {
    expect(generateReferralCode('Ṣẹ̀gun Àjàyí', always(0))).toBe('SEGN0000');
  });

  it('is all random for a name without usable letters', () => {
    expect(generateReferralCode('张伟', always(10))).toBe('AAAAAAAA');
    expect(generateReferralCode('Olu', always(1))).toBe('11111111');
  });

  it('differs between calls for the same name', () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateReferralCode('Tunde Bakare')));
    expect(codes.size).toBeGreaterThan(195);
  });
});
