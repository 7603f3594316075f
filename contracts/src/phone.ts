// The one rule for phone numbers (SPEC 5), used by the forms, the API schemas and the
// deciders: a Nigerian mobile number, written any of the ways people write one, stored
// in E.164 ('+2348031234567'), and shown while typing as '+234 XXX XXX XXXX'.

import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { z } from 'zod';

const COUNTRY_CODE = '234';
const MAX_DIGITS = 13;
/** Longer input is refused before it is parsed: no real number needs 30 characters. */
export const MAX_PHONE_LENGTH = 30;

export const NIGERIAN_PHONE_MESSAGE = 'Please enter a valid Nigerian phone number';

/** SPEC: after +234 (or 0), 7, 8 or 9, then 0 or 1, then 8 digits. */
const NIGERIAN_MOBILE_NATIONAL_NUMBER = /^[789][01]\d{8}$/;

function onlyDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * SPEC 5's conversion to an international number: digits only, a leading 0 becomes
 * 234, and 234 is prepended if missing. A trunk 0 typed after the country code
 * (+234 0801…) and an international 00 prefix are dropped, because both are common
 * ways of writing the same number.
 */
function toInternationalDigits(input: string): string {
  let digits = onlyDigits(input);
  if (digits === '') return '';
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.startsWith(`${COUNTRY_CODE}0`)) digits = COUNTRY_CODE + digits.slice(4);
  if (digits.startsWith('0')) return COUNTRY_CODE + digits.slice(1);
  if (digits.startsWith(COUNTRY_CODE)) return digits;
  return COUNTRY_CODE + digits;
}

/**
 * One request asks about the same number several times (the schema's check, its
 * transform, the decider), and libphonenumber's parse was about 7 % of the server's CPU
 * per POST /api/leads; the rule is pure, so the last few hundred answers are kept.
 */
const RECENT_ANSWERS = 512;
const recentAnswers = new Map<string, string | null>();

/**
 * THE phone rule: '+2348031234567' for a Nigerian mobile number written any usual way
 * (0803 123 4567, +234 803 123 4567, 234803…, 803…), or null when it is not one.
 * The number must be a mobile number in libphonenumber's Nigerian numbering plan and
 * fit the SPEC's pattern (7, 8 or 9, then 0 or 1, then 8 digits after the 234).
 */
export function toNigerianMobileE164(input: string): string | null {
  if (typeof input !== 'string' || input.length > MAX_PHONE_LENGTH) return null;
  const known = recentAnswers.get(input);
  if (known !== undefined) return known;
  const answer = parseNigerianMobile(input);
  // Oldest first out: a Map iterates in insertion order.
  if (recentAnswers.size >= RECENT_ANSWERS) recentAnswers.delete(recentAnswers.keys().next().value!);
  recentAnswers.set(input, answer);
  return answer;
}

function parseNigerianMobile(input: string): string | null {
  if (/[^\d\s+().-]/.test(input)) return null;
  const digits = toInternationalDigits(input);
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed || parsed.country !== 'NG' || !parsed.isValid()) return null;
  if (!NIGERIAN_MOBILE_NATIONAL_NUMBER.test(parsed.nationalNumber)) return null;
  return parsed.number;
}

export function isNigerianMobile(input: string): boolean {
  return toNigerianMobileE164(input) !== null;
}

/** For showing and linking a stored number: its E.164 form, or '' when it is not a Nigerian mobile. */
export function toE164(input: string): string {
  return toNigerianMobileE164(input) ?? '';
}

/**
 * Formats while the user types: '+234 XXX XXX XXXX', at most 13 digits. Applying it
 * to its own output gives the same output, so it is safe to run on every keystroke.
 */
export function formatPhoneForTyping(input: string): string {
  const raw = onlyDigits(input ?? '');
  if (raw === '') return '';
  // '+2' and '+23' are the start of '+234', not a local number.
  const digits = COUNTRY_CODE.startsWith(raw) ? raw : toInternationalDigits(raw).slice(0, MAX_DIGITS);
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 9), digits.slice(9, 13)];
  return `+${parts.filter((part) => part !== '').join(' ')}`;
}

/**
 * A phone field of an API request or a form: a Nigerian mobile number (the rule above),
 * answered in E.164. `message` is the field's own SPEC message for anything else.
 */
export function nigerianPhoneSchema(message: string = NIGERIAN_PHONE_MESSAGE) {
  return z
    .string({ error: message })
    .max(MAX_PHONE_LENGTH, { error: message, abort: true })
    .transform((value, context) => {
      const e164 = toNigerianMobileE164(value);
      if (e164 === null) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return e164;
    });
}

/** The phone field of the affiliate registration and the sale report. */
export const NigerianPhoneSchema = nigerianPhoneSchema();
