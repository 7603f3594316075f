// Field builders shared by the schemas. Every rule carries its own message so a 400
// names the field and the reason; required checks abort so an empty value reports
// only "X is required", not a cascade of format errors.

import { z } from 'zod';
import { REFERRAL_CODE_MAX_LENGTH } from './constants.ts';

export const MAX_NAME_LENGTH = 200;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_ADDRESS_LENGTH = 500;
export const MAX_NOTES_LENGTH = 2000;
export const MAX_URL_LENGTH = 2048;

/**
 * C0 controls (TAB, CR and LF among them), DEL and C1 controls. A name or a bank detail is
 * one line: a CR/LF in an account name became a second payment line for a line-based bank
 * importer reading the payout file, and a tab a second column.
 */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

export const hasControlCharacter = (value: string) => CONTROL_CHARACTER.test(value);

export const singleLineMessage = (label: string) =>
  `${label} must be a single line without control characters (line breaks, tabs)`;

/** THE single-line rule of names, account names, bank fields and similar text, for any zod string. */
export const singleLine = (schema: z.ZodString, label: string) =>
  schema.refine((value) => !hasControlCharacter(value), { error: singleLineMessage(label), abort: true });

type TextOptions = { max: number; label: string; singleLine?: boolean };

/** A required, trimmed string: missing, non-string or blank all give `message`. */
export function requiredText(message: string, options: TextOptions) {
  const text = z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(options.max, `${options.label} must be at most ${options.max} characters`);
  return options.singleLine ? singleLine(text, options.label) : text;
}

/** An optional trimmed string; '' is kept (forms send it for untouched fields). */
export function optionalText(options: TextOptions) {
  const text = z
    .string({ error: `${options.label} must be text` })
    .trim()
    .max(options.max, `${options.label} must be at most ${options.max} characters`);
  return (options.singleLine ? singleLine(text, options.label) : text).optional();
}

export function emailField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .regex(z.regexes.email, { error: message, abort: true })
    .max(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters`);
}

/** Optional email: '' (an untouched form field) is allowed, anything else must be valid. */
export function optionalEmailField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters`)
    .refine((value) => value === '' || z.regexes.email.test(value), message)
    .optional();
}

export const ReferralCodeSchema = z
  .string({ error: 'Referral code must be text' })
  .trim()
  .max(REFERRAL_CODE_MAX_LENGTH, `Referral code must be at most ${REFERRAL_CODE_MAX_LENGTH} characters`)
  .regex(/^[A-Za-z0-9]*$/, 'Referral code may contain only letters and digits');

/** A referral code as the server issues it, in any letter case. */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{1,10}$/;

/**
 * Optional on requests: absent, null and '' all mean "no referral", and so does a
 * string that cannot be a code. The code comes from a ?ref= link a visitor followed,
 * often pasted with trailing punctuation; a mangled link must never cost the lead or
 * the application a 400. Whether a well-formed code is real is the server's lookup.
 */
export const OptionalReferralCodeSchema = z
  .string({ error: 'Referral code must be text' })
  .nullish()
  .transform((code) => {
    const trimmed = code?.trim();
    return trimmed && REFERRAL_CODE_PATTERN.test(trimmed) ? trimmed : undefined;
  });

export const IsoDateTimeSchema = z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date-time' });

export const IdSchema = z.string().min(1).max(200);

/** 'YYYY-MM-DD' calendar date that really exists (no 2023-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The latest calendar date that is "today" somewhere on Earth (UTC+14), as
 * 'YYYY-MM-DD'. "Not in the future" checks compare against it so a user's own today
 * is never rejected, whatever the server's or the browser's time zone.
 */
export function latestTodayAnywhere(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Positive whole number of acres within [min, max], with messages per bound. */
/** A whole number of acres between min and max, and what a form says when a value is not. */
export type AcresRule = {
  min: number;
  max: number;
  minMessage: string;
  maxMessage: string;
  /** The form's word on a fraction; a command that skipped the form hears minMessage. */
  wholeMessage?: string;
};

export function wholeAcres(rule: AcresRule) {
  return z
    .number({ error: rule.minMessage })
    .int(rule.wholeMessage ?? 'Acres must be a whole number')
    .min(rule.min, rule.minMessage)
    .max(rule.max, rule.maxMessage);
}

/** A field's schema applied to a command's value (a decider re-checks what the form checked): its first message, or null. */
export const fieldRuleBreach = (schema: z.ZodType, value: unknown): string | null => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
};

/** The rule applied to a command's value (the decider re-checks what the schema checked): null when it holds. */
export const acresRuleBreach = (rule: AcresRule, acres: number): string | null => {
  if (Number.isInteger(acres) && acres >= rule.min && acres <= rule.max) return null;
  return acres > rule.max ? rule.maxMessage : rule.minMessage;
};

/** A whole number from the query string, in range, with a default; each message names the parameter. */
export const wholeNumberParam = (name: string, range: { min: number; max?: number; default: number }) => {
  const number = z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(range.min, `${name} must be at least ${range.min}`);
  return (range.max === undefined ? number : number.max(range.max, `${name} must be at most ${range.max}`)).default(
    range.default,
  );
};

/**
 * Keyset paging of the admin lists (newest first): pass nextCursor/prevCursor back as
 * `cursor` for the next/previous page, lastCursor for the oldest page. Null when there is
 * no such page; optional so older clients and servers keep working.
 */
export const AdminListCursorsShape = {
  nextCursor: z.string().nullable().optional(),
  prevCursor: z.string().nullable().optional(),
  lastCursor: z.string().optional(),
};

/**
 * One page of an admin list: the entries matching the filters (counted up to a cap, like the
 * admin's other filtered lists), the rows under the list's own key, and the keyset cursors.
 */
export const adminListPageSchema = <Key extends string, Row extends z.ZodType>(key: Key, row: Row) =>
  z.object({ total: z.number().int().nonnegative(), [key]: z.array(row), ...AdminListCursorsShape } as {
    total: z.ZodNumber;
  } & { [K in Key]: z.ZodArray<Row> } & typeof AdminListCursorsShape);
