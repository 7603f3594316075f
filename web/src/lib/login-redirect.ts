import { isSafeReturnTo, LOGIN_REDIRECT_DELAY_MS } from '@acres/contracts';

export const DEFAULT_RETURN_TO = '/dashboard';

/**
 * ?returnTo= of /signin when it is a same-origin path, else the dashboard. '/' too means
 * the dashboard: the server sends it when the landing page's Login link gave no returnTo,
 * and an investor who signs in wants their dashboard, not the marketing page again.
 */
export function readReturnTo(search: string): string {
  const value = new URLSearchParams(search).get('returnTo');
  return isSafeReturnTo(value) && value !== '/' ? value : DEFAULT_RETURN_TO;
}

/** The server login path (SPEC 7), which comes back to `returnTo` after signing in. */
export function loginUrl(returnTo: string): string {
  return `/api/login?returnTo=${encodeURIComponent(returnTo).replaceAll('%2F', '/')}`;
}

/**
 * SPEC 4: after the toast, the browser goes to the login path once
 * LOGIN_REDIRECT_DELAY_MS (1 s) has passed. Returns a cancel function.
 */
export function scheduleLoginRedirect(
  returnTo: string,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): () => void {
  const timer = window.setTimeout(() => navigate(loginUrl(returnTo)), LOGIN_REDIRECT_DELAY_MS);
  return () => window.clearTimeout(timer);
}
