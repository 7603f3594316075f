import { describe, expect, it } from 'vitest';
import { formatE164Phone, formatNigerianPhone, phoneHref } from './format-phone';

describe('formatE164Phone', () => {
  it('groups a Nigerian number as +234 XXX XXX XXXX', () => {
    expect(formatE164Phone('+2348012345678')).toBe('+234 801 234 5678');
  });

  it('shows other numbers as stored digits', () => {
    expect(formatE164Phone('+447911123456')).toBe('+447911123456');
  });
});

describe('phones as stored', () => {
  it('shows local and international forms alike, and dials the international one', () => {
    expect(formatNigerianPhone('08031234567')).toBe('+234 803 123 4567');
    expect(formatNigerianPhone('+2348031234567')).toBe('+234 803 123 4567');
    expect(phoneHref('08031234567')).toBe('tel:+2348031234567');
  });
});
