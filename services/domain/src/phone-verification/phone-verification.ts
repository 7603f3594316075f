import type { DomainEventOf } from '@acres/contracts';
import {
  PHONE_VERIFICATION_CODES_PER_ACCOUNT,
  PHONE_VERIFICATION_MAX_WRONG_CODES,
  PHONE_VERIFICATION_MESSAGES as M,
  PHONE_VERIFICATION_TTL_MS,
} from '@acres/contracts/phone-verification';
import { DomainError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';
import { expiryAfter, hasExpired } from '../link-expiry.ts';
import { PhoneVerificationLimitError, secondsUntilBelowLimit } from './limits.ts';

/** verificationId is minted by the caller; the code is derived from it, never stored. */
export type RequestPhoneVerification = {
  type: 'RequestPhoneVerification';
  userId: string;
  verificationId: string;
  phoneE164: string;
  now: Date;
};
/**
 * expectedCodeOf derives the code of a request (an HMAC under the link signing secret): an
 * input like the clock, so the decider stays pure and the secret stays out of the domain.
 */
export type ConfirmPhoneVerification = {
  type: 'ConfirmPhoneVerification';
  userId: string;
  code: string;
  expectedCodeOf: (request: { verificationId: string; userId: string; phoneE164: string }) => string;
  now: Date;
};
export type PhoneVerificationCommand = RequestPhoneVerification | ConfirmPhoneVerification;

export type PhoneVerificationRequested = DomainEventOf<'PhoneVerificationRequested'>;
export type PhoneVerificationCodeRejected = DomainEventOf<'PhoneVerificationCodeRejected'>;
export type PhoneVerified = DomainEventOf<'PhoneVerified'>;
export type PhoneVerificationEvent = PhoneVerificationRequested | PhoneVerificationCodeRejected | PhoneVerified;

export type OutstandingVerification = {
  verificationId: string;
  phoneE164: string;
  expiresAt: string;
  failedAttempts: number;
  /** Confirmed: spent, like a superseded one. */
  spent: boolean;
};

export type PhoneVerificationState = {
  /** When each code was asked for, oldest first: the account's hourly limit. */
  requestedAt: readonly string[];
  /** The latest request; a new one supersedes it. */
  latest: OutstandingVerification | null;
  /** The requests it superseded, newest last (a few): their codes answer "use the latest code". */
  superseded: readonly { verificationId: string; phoneE164: string }[];
  /** Every number the account verified, oldest first; the last is where its texts go. */
  verified: readonly { phoneE164: string; verifiedAt: string }[];
};

export const initialPhoneVerificationState: PhoneVerificationState = {
  requestedAt: [],
  latest: null,
  superseded: [],
  verified: [],
};

const SUPERSEDED_KEPT = 5;

export const evolvePhoneVerification = (state: PhoneVerificationState, event: PhoneVerificationEvent): PhoneVerificationState => {
  switch (event.type) {
    case 'PhoneVerificationRequested':
      return {
        ...state,
        requestedAt: [...state.requestedAt, event.data.requestedAt],
        superseded:
          state.latest && !state.latest.spent
            ? [...state.superseded, { verificationId: state.latest.verificationId, phoneE164: state.latest.phoneE164 }].slice(
                -SUPERSEDED_KEPT,
              )
            : state.superseded,
        latest: {
          verificationId: event.data.verificationId,
          phoneE164: event.data.phoneE164,
          expiresAt: event.data.expiresAt,
          failedAttempts: 0,
          spent: false,
        },
      };
    case 'PhoneVerificationCodeRejected':
      if (state.latest?.verificationId !== event.data.verificationId) return state;
      return { ...state, latest: { ...state.latest, failedAttempts: event.data.failedAttempts } };
    case 'PhoneVerified': {
      const latest = state.latest?.verificationId === event.data.verificationId ? { ...state.latest, spent: true } : state.latest;
      const others = state.verified.filter((phone) => phone.phoneE164 !== event.data.phoneE164);
      return { ...state, latest, verified: [...others, { phoneE164: event.data.phoneE164, verifiedAt: event.data.verifiedAt }] };
    }
    default:
      return assertNever(event, 'phone verification event');
  }
};

const requestPhoneVerification = (command: RequestPhoneVerification, state: PhoneVerificationState): PhoneVerificationEvent[] => {
  if (state.verified.at(-1)?.phoneE164 === command.phoneE164) {
    throw new DomainError('conflict', M.alreadyVerified, [{ field: 'phoneNumber', message: M.alreadyVerified }]);
  }
  const wait = secondsUntilBelowLimit(state.requestedAt, PHONE_VERIFICATION_CODES_PER_ACCOUNT, command.now);
  if (wait !== null) throw new PhoneVerificationLimitError(M.accountLimit, wait);
  return [
    {
      type: 'PhoneVerificationRequested',
      data: {
        userId: command.userId,
        verificationId: command.verificationId,
        phoneE164: command.phoneE164,
        requestedAt: command.now.toISOString(),
        expiresAt: expiryAfter(command.now, PHONE_VERIFICATION_TTL_MS),
      },
    },
  ];
};

const gone = (message: string) => new DomainError('gone', message, [{ field: 'code', message }]);

/** Compares in time independent of where the codes differ: the answer's timing must not give digits away. */
const sameCode = (given: string, expected: string) => {
  if (given.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index += 1) difference |= given.charCodeAt(index) ^ expected.charCodeAt(index);
  return difference === 0;
};

/**
 * Only the latest request counts: an older code (superseded), a spent one, an expired one or
 * one past its wrong attempts is gone, and the person asks for a new code.
 */
const confirmPhoneVerification = (command: ConfirmPhoneVerification, state: PhoneVerificationState): PhoneVerificationEvent[] => {
  const latest = state.latest;
  if (!latest || latest.spent) throw gone(M.noRequest);
  if (latest.failedAttempts >= PHONE_VERIFICATION_MAX_WRONG_CODES) throw gone(M.tooManyWrong);
  if (hasExpired(latest.expiresAt, command.now)) throw gone(M.expired);
  const expected = command.expectedCodeOf({
    verificationId: latest.verificationId,
    userId: command.userId,
    phoneE164: latest.phoneE164,
  });
  if (!sameCode(command.code, expected)) {
    // A code of a request this one replaced: not a guess, the person typed an older text's code.
    const older = state.superseded.some((request) =>
      sameCode(command.code, command.expectedCodeOf({ ...request, userId: command.userId })),
    );
    if (older) throw gone(M.superseded);
    return [
      {
        type: 'PhoneVerificationCodeRejected',
        data: {
          userId: command.userId,
          verificationId: latest.verificationId,
          failedAttempts: latest.failedAttempts + 1,
          rejectedAt: command.now.toISOString(),
        },
      },
    ];
  }
  return [
    {
      type: 'PhoneVerified',
      data: {
        userId: command.userId,
        verificationId: latest.verificationId,
        phoneE164: latest.phoneE164,
        verifiedAt: command.now.toISOString(),
        method: 'code',
      },
    },
  ];
};

export const phoneVerificationDecider = createDecider<PhoneVerificationCommand, PhoneVerificationEvent, PhoneVerificationState>(
  initialPhoneVerificationState,
  evolvePhoneVerification,
  {
    RequestPhoneVerification: requestPhoneVerification,
    ConfirmPhoneVerification: confirmPhoneVerification,
  },
);

export const decidePhoneVerification = phoneVerificationDecider.decide;
