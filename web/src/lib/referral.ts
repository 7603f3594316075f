/**
 * DESIGN section 9: a visitor arriving with `?ref=CODE` carries the code into the
 * lead and the application. We keep it for the browser session's lifetime.
 */
const STORAGE_KEY = 'acres.referralCode';
const CODE_PATTERN = /^[A-Za-z0-9]{1,10}$/; // contracts ReferralCodeSchema

export function captureReferralCode(search: string = window.location.search): void {
  const code = new URLSearchParams(search).get('ref')?.trim();
  if (!code || !CODE_PATTERN.test(code)) return;
  try {
    window.localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Storage can be disabled (private mode); the referral is then simply not carried.
  }
}

export function getReferralCode(): string | undefined {
  try {
    const code = window.localStorage.getItem(STORAGE_KEY);
    return code && CODE_PATTERN.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}
