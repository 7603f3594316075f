import { describe, expect, it } from 'vitest';
import { DeliveryError, digitsOf } from './transport.ts';

describe('digitsOf: the number Termii and the WhatsApp Cloud API are sent', () => {
  it('is the E.164 number without its +, as both providers document it', () => {
    expect(digitsOf('+2348031234567')).toBe('2348031234567');
  });

  it('refuses anything that is not E.164 rather than send it to a number the provider reads differently', () => {
    for (const number of ['08031234567', '2348031234567', '+234 803 123 4567', '+0803123', '', 'admin']) {
      expect(() => digitsOf(number), number).toThrow(DeliveryError);
    }
  });
});
