import { toE164 } from '@acres/contracts/phone';

/** '+2348012345678' → '+234 801 234 5678'; other countries' numbers are shown as stored. */
export function formatE164Phone(phoneE164: string): string {
  const digits = phoneE164.replace(/\D/g, '');
  if (/^234\d{10}$/.test(digits)) {
    return `+${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`;
  }
  return digits ? `+${digits}` : phoneE164;
}

/**
 * Affiliate and client phones are stored as typed ('0803…' or '+234803…', separators
 * removed): both are shown as '+234 803 123 4567', and dialled as '+234803…'.
 */
export function formatNigerianPhone(phone: string): string {
  const e164 = toE164(phone);
  return e164 ? formatE164Phone(e164) : phone;
}

export function phoneHref(phone: string): string {
  return `tel:${toE164(phone) || phone}`;
}
