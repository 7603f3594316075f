import { describe, expect, it } from 'vitest';
import { parseEvent } from '@acres/contracts';
import { PHONE_VERIFICATION_MESSAGES as M } from '@acres/contracts/phone-verification';
import { givenFor } from '../../test/given.ts';
import { PhoneVerificationLimitError } from './limits.ts';
import {
  phoneVerificationDecider,
  type PhoneVerificationCodeRejected,
  type PhoneVerificationRequested,
  type PhoneVerified,
} from './phone-verification.ts';

const userId = '2d2f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f03';
const first = '6c1f0e2a-8b3d-4f5e-9a7c-1d2e3f4a5b6c';
const second = '7d2f1e3b-9c4e-4a6f-8b8d-2e3f4a5b6c7d';
const phone = '+2348031234567';
const newPhone = '+2349051234567';
const start = new Date('2026-03-14T09:30:00.000Z');
const minutesLater = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

const given = givenFor(phoneVerificationDecider);
// A stand-in for the HMAC: a code per request, so a code of another request is wrong.
const expectedCodeOf = ({ verificationId }: { verificationId: string }) => (verificationId === first ? '123456' : '654321');

const requested = (verificationId: string, at = start, phoneE164 = phone): PhoneVerificationRequested => ({
  type: 'PhoneVerificationRequested',
  data: {
    userId,
    verificationId,
    phoneE164,
    requestedAt: at.toISOString(),
    expiresAt: new Date(at.getTime() + 10 * 60_000).toISOString(),
  },
});
const rejected = (verificationId: string, failedAttempts: number, at: Date): PhoneVerificationCodeRejected => ({
  type: 'PhoneVerificationCodeRejected',
  data: { userId, verificationId, failedAttempts, rejectedAt: at.toISOString() },
});
const verified = (verificationId: string, at: Date, phoneE164 = phone): PhoneVerified => ({
  type: 'PhoneVerified',
  data: { userId, verificationId, phoneE164, verifiedAt: at.toISOString(), method: 'code' },
});
const request = (verificationId: string, now: Date, phoneE164 = phone) => ({
  type: 'RequestPhoneVerification' as const,
  userId,
  verificationId,
  phoneE164,
  now,
});
const confirm = (code: string, now: Date) => ({ type: 'ConfirmPhoneVerification' as const, userId, code, expectedCodeOf, now });
const goneWith = (message: string) => ({ code: 'gone' as const, message, errors: [{ field: 'code', message }] });

describe('asking for a code', () => {
  it('records the number and a ten-minute lifetime, and no code', () => {
    given([])
      .when(request(first, start))
      .then([requested(first)]);
    const [event] = phoneVerificationDecider.decide(request(first, start), phoneVerificationDecider.initialState);
    expect(Object.keys(parseEvent('PhoneVerificationRequested', event!.data).data).sort()).toEqual([
      'expiresAt',
      'phoneE164',
      'requestedAt',
      'userId',
      'verificationId',
    ]);
  });

  it('allows five codes an hour per account, then answers 429 on phoneNumber with the wait until the oldest leaves the hour', () => {
    const five = [0, 1, 2, 3, 4].map((minute) => requested(`${first.slice(0, -1)}${minute}`, minutesLater(minute)));
    const error = given(five)
      .when(request(second, minutesLater(30)))
      .thenThrows({
        code: 'rate_limited',
        errors: [{ field: 'phoneNumber', message: M.accountLimit }],
      });
    expect(error).toBeInstanceOf(PhoneVerificationLimitError);
    expect((error as PhoneVerificationLimitError).retryAfterSeconds).toBe(30 * 60);
    // An hour after the first, one more is allowed.
    given(five)
      .when(request(second, minutesLater(60)))
      .then([requested(second, minutesLater(60))]);
  });

  it('refuses the number the account already has as its current one, and takes a new number', () => {
    given([requested(first), verified(first, minutesLater(1))])
      .when(request(second, minutesLater(2)))
      .thenThrows({ code: 'conflict', errors: [{ field: 'phoneNumber', message: M.alreadyVerified }] });
    given([requested(first), verified(first, minutesLater(1))])
      .when(request(second, minutesLater(2), newPhone))
      .then([requested(second, minutesLater(2), newPhone)]);
  });
});

describe('confirming a code', () => {
  it('verifies the number with the right code within ten minutes', () => {
    given([requested(first)])
      .when(confirm('123456', minutesLater(9)))
      .then([verified(first, minutesLater(9))]);
  });

  it('counts a wrong code as an event, and the fifth wrong code kills the request', () => {
    given([requested(first)])
      .when(confirm('000000', minutesLater(1)))
      .then([rejected(first, 1, minutesLater(1))]);
    const fourWrong = [1, 2, 3, 4].map((n) => rejected(first, n, minutesLater(n)));
    given([requested(first), ...fourWrong])
      .when(confirm('000000', minutesLater(5)))
      .then([rejected(first, 5, minutesLater(5))]);
    given([requested(first), ...fourWrong, rejected(first, 5, minutesLater(5))])
      .when(confirm('123456', minutesLater(6)))
      .thenThrows(goneWith(M.tooManyWrong));
  });

  it('refuses an expired code: at ten minutes and after', () => {
    given([requested(first)])
      .when(confirm('123456', minutesLater(10)))
      .thenThrows(goneWith(M.expired));
    given([requested(first)])
      .when(confirm('123456', minutesLater(600)))
      .thenThrows(goneWith(M.expired));
  });

  it('refuses the code of a superseded request with 410, uncounted: only the latest counts', () => {
    given([requested(first), requested(second, minutesLater(1))])
      .when(confirm('123456', minutesLater(2)))
      .thenThrows(goneWith(M.superseded));
    given([requested(first), requested(second, minutesLater(1))])
      .when(confirm('000000', minutesLater(2)))
      .then([rejected(second, 1, minutesLater(2))]);
    given([requested(first), requested(second, minutesLater(1))])
      .when(confirm('654321', minutesLater(2)))
      .then([verified(second, minutesLater(2))]);
  });

  it('refuses a code when none was asked for, or once it was used', () => {
    given([]).when(confirm('123456', start)).thenThrows(goneWith(M.noRequest));
    given([requested(first), verified(first, minutesLater(1))])
      .when(confirm('123456', minutesLater(2)))
      .thenThrows(goneWith(M.noRequest));
  });

  it('keeps every verified number, the latest last', () => {
    const history = [
      requested(first),
      verified(first, minutesLater(1)),
      requested(second, minutesLater(2), newPhone),
      verified(second, minutesLater(3), newPhone),
    ];
    const state = history.reduce(phoneVerificationDecider.evolve, phoneVerificationDecider.initialState);
    expect(state.verified.map((entry) => entry.phoneE164)).toEqual([phone, newPhone]);
  });
});
