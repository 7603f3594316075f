import { DomainError, type FieldError } from '@acres/contracts/errors';
import { toInternationalPhone } from '@acres/contracts';

/** A Nigerian number in international form: 234 followed by the 10-digit national number. */
const INTERNATIONAL_NG_NUMBER = /^234\d{10}$/;

export const PHONE_INVALID_MESSAGE = 'Enter a valid phone number: 11 digits starting with 0, or +234 followed by 10 digits';

/**
 * '+2348031234567' from any way people write a Nigerian number (0803…, +234 803…,
 * 234803…), or null when the digits cannot be one. Derived here rather than trusted
 * from the client so the stored number is always the one the person typed.
 */
export const toNigerianE164 = (phone: string): string | null => {
  const digits = toInternationalPhone(phone);
  return INTERNATIONAL_NG_NUMBER.test(digits) ? `+${digits}` : null;
};

export const isWholeNumberBetween = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

/** Refuses the command naming every failing field at once, so a form can show them all. */
export const throwIfInvalid = (errors: FieldError[]) => {
  if (errors.length === 0) return;
  throw new DomainError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
};
