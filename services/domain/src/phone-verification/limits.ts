// The limits of phone verification and the refusals that carry what the person needs to know:
// how long to wait, how many attempts are left.

import {
  PHONE_VERIFICATION_MAX_WRONG_CODES,
  PHONE_VERIFICATION_MESSAGES as M,
  PHONE_VERIFICATION_WINDOW_MS,
} from '@acres/contracts/phone-verification';
import { DomainError } from '@acres/contracts/errors';

/** A limit reached: 429 naming the field, with the seconds until a code may be asked for again. */
export class PhoneVerificationLimitError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message, [{ field: 'phoneNumber', message }]);
  }
}

/** A wrong code: the caller records the event that counts it, then answers 400 naming `code`. */
export class WrongPhoneCodeError extends DomainError {
  constructor(readonly attemptsLeft: number) {
    const message =
      attemptsLeft === 0
        ? `${M.wrongCode} No attempts are left: ask for a new code.`
        : `${M.wrongCode} ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt is' : 'attempts are'} left.`;
    super('validation_failed', message, [{ field: 'code', message }]);
  }
}

/** The seconds until the oldest request in the window leaves it, when `limit` requests are in it. */
export const secondsUntilBelowLimit = (requestedAt: readonly string[], limit: number, now: Date): number | null => {
  const windowStart = now.getTime() - PHONE_VERIFICATION_WINDOW_MS;
  const inWindow = requestedAt.map((at) => new Date(at).getTime()).filter((at) => at > windowStart);
  if (inWindow.length < limit) return null;
  const oldestThatMustLeave = inWindow[inWindow.length - limit]!;
  return Math.max(1, Math.ceil((oldestThatMustLeave + PHONE_VERIFICATION_WINDOW_MS - now.getTime()) / 1000));
};

/** What remains of the latest request after a wrong code: for the 400's words. */
export const attemptsLeftOf = (failedAttempts: number) => Math.max(0, PHONE_VERIFICATION_MAX_WRONG_CODES - failedAttempts);
