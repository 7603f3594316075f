// Nigerian phone handling (SPEC 5): typing format, international normalisation and
// the mobile pattern used by the affiliate and sale forms.

const COUNTRY_CODE = '234';
const MAX_DIGITS = 13;

/** +234 or 0, then 7, 8 or 9, then 0 or 1, then 8 digits. */
export const NIGERIAN_MOBILE_PATTERN = /^(\+234|0)[789][01]\d{8}$/;

function onlyDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * Digits with the country code in front: a leading 0 becomes 234, 234 is prepended
 * if missing. A trunk 0 typed after the country code (+234 0801…) and an
 * international 00 prefix are dropped, because both are common ways of writing the
 * same number.
 */
export function toInternationalPhone(input: string): string {
  let digits = onlyDigits(input ?? '');
  if (digits === '') return '';
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.startsWith(`${COUNTRY_CODE}0`)) digits = COUNTRY_CODE + digits.slice(4);
  if (digits.startsWith('0')) return COUNTRY_CODE + digits.slice(1);
  if (digits.startsWith(COUNTRY_CODE)) return digits;
  return COUNTRY_CODE + digits;
}

/** '+2348012345678'; '' for an input without digits. */
export function toE164(input: string): string {
  const digits = toInternationalPhone(input);
  return digits === '' ? '' : `+${digits}`;
}

/**
 * Formats while the user types: '+234 XXX XXX XXXX', at most 13 digits. Applying it
 * to its own output gives the same output, so it is safe to run on every keystroke.
 */
export function formatPhoneForTyping(input: string): string {
  const raw = onlyDigits(input ?? '');
  if (raw === '') return '';
  // '+2' and '+23' are the start of '+234', not a local number.
  const digits = COUNTRY_CODE.startsWith(raw) ? raw : toInternationalPhone(raw).slice(0, MAX_DIGITS);
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 9), digits.slice(9, 13)];
  return `+${parts.filter((part) => part !== '').join(' ')}`;
}

/** Spaces, dashes, dots and brackets are separators people type; they are not part of the number. */
export function stripPhoneSeparators(input: string): string {
  return input.trim().replace(/[\s\-.()]/g, '');
}

export function isNigerianMobile(input: string): boolean {
  if (typeof input !== 'string') return false;
  return NIGERIAN_MOBILE_PATTERN.test(stripPhoneSeparators(input));
}
