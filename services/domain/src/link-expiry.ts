// When a link or code sent to someone stops working (a password reset, an email confirmation,
// a phone code, a staff invitation): one rule for all, so a link is never good for a moment
// in one decider that another already refuses. It works strictly before its expiry instant.

/** The instant, as the event records it, `ttlMs` after `now`. */
export const expiryAfter = (now: Date, ttlMs: number) => new Date(now.getTime() + ttlMs).toISOString();

/** Whether the link that expires at `expiresAt` (ISO) no longer works at `now`. */
export const hasExpired = (expiresAt: string, now: Date) => Date.parse(expiresAt) <= now.getTime();
