import { REFERRAL_CODE_MAX_LENGTH, REFERRAL_QUERY_PARAM } from '@acres/contracts/constants';

/**
 * Attribution (DESIGN section 9, issue 4): a visitor arriving with `?ref=CODE` on any
 * page carries the code into the lead and the application. The first click wins: a
 * later `?ref=` does not replace a stored code until that one has expired, so the
 * affiliate who brought the visitor first keeps the referral for REFERRAL_TTL_MS.
 */
export const REFERRAL_STORAGE_KEY = 'acres.referralCode';
export const REFERRAL_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

const CODE_PATTERN = new RegExp(`^[A-Za-z0-9]{1,${REFERRAL_CODE_MAX_LENGTH}}$`); // contracts ReferralCodeSchema

export type StoredReferral = { code: string; at: number };

type Clock = () => number;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (private mode, blocked cookies); the referral is then simply not carried.
    return null;
  }
}

function parseStored(raw: string | null, now: number): StoredReferral | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { code, at } = value as Partial<StoredReferral>;
  if (typeof code !== 'string' || !CODE_PATTERN.test(code)) return null;
  if (typeof at !== 'number' || !Number.isFinite(at)) return null;
  // A timestamp far in the future (a tampered value, a clock set wrong) would never age out.
  if (at > now + CLOCK_SKEW_MS || now - at >= REFERRAL_TTL_MS) return null;
  return { code, at };
}

/** The stored referral while it is valid; an expired or unreadable one is removed. */
export function readStoredReferral(now: Clock = Date.now): StoredReferral | null {
  const store = storage();
  if (!store) return null;
  try {
    const raw = store.getItem(REFERRAL_STORAGE_KEY);
    const stored = parseStored(raw, now());
    if (raw !== null && stored === null) store.removeItem(REFERRAL_STORAGE_KEY);
    return stored;
  } catch {
    return null;
  }
}

/**
 * Records `?ref=CODE` from `search` unless a valid code is already stored.
 * Returns the referral in force afterwards (null when there is none).
 */
export function captureReferralCode(
  search: string = typeof window === 'undefined' ? '' : window.location.search,
  now: Clock = Date.now,
): StoredReferral | null {
  const existing = readStoredReferral(now);
  if (existing) return existing;
  const code = new URLSearchParams(search).get(REFERRAL_QUERY_PARAM)?.trim().toUpperCase();
  if (!code || !CODE_PATTERN.test(code)) return null;
  const store = storage();
  if (!store) return null;
  const referral: StoredReferral = { code, at: now() };
  try {
    store.setItem(REFERRAL_STORAGE_KEY, JSON.stringify(referral));
  } catch {
    return null; // quota or disabled storage: nothing is carried
  }
  return referral;
}

/** The code the lead dialog and the application send as `referralCode`. */
export function getReferralCode(now: Clock = Date.now): string | undefined {
  return readStoredReferral(now)?.code;
}
