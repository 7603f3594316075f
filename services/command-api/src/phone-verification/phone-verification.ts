// Phone ownership (issue 24, item 2): the account's own stream decides whether a code may be
// sent and whether a code is right; this module loads, appends and keeps the per-number limit,
// which spans accounts and so lives in the throttle table under a keyed digest of the number.

import { parseEvent, phoneVerificationStreamId } from '@acres/contracts';
import {
  PHONE_VERIFICATION_CODES_PER_NUMBER,
  PHONE_VERIFICATION_MAX_WRONG_CODES,
  PHONE_VERIFICATION_MESSAGES as M,
  PHONE_VERIFICATION_WINDOW_MS,
  type PhoneVerificationRequestedResponse,
  type PhoneVerifiedResponse,
  type VerifiedPhone,
} from '@acres/contracts/phone-verification';
import {
  attemptsLeftOf,
  foldEvents,
  PhoneVerificationLimitError,
  phoneVerificationDecider,
  WrongPhoneCodeError,
  type PhoneVerificationEvent,
} from '@acres/domain';
import type { EventStore } from '@acres/eventstore/port';
import type { Queryable } from '@acres/platform/db';
import { derivePhoneVerificationCode, phoneLimitKeyOf } from '@acres/platform/signing';
import { hitWindow, readWindow } from '@acres/platform/throttle/table';
import { handleCommand, type CommandContext } from '../commands/handle-command.ts';

export type PhoneVerificationDeps = {
  eventStore: EventStore;
  pool: Queryable;
  newId: () => string;
  linkSigningSecret: string;
};

const numberLimitKey = (secret: string, phoneE164: string) =>
  `phone-verification:number:${phoneLimitKeyOf({ secret, phoneE164 })}`;

/** Every number the account verified, oldest first: the command side reads the log, never a read model. */
export const readVerifiedPhones = async (eventStore: EventStore, userId: string): Promise<VerifiedPhone[]> => {
  const recorded = await eventStore.readStream(phoneVerificationStreamId(userId));
  const state = foldEvents(
    phoneVerificationDecider,
    recorded.map((event) => parseEvent(event.type, event.data) as PhoneVerificationEvent),
  );
  return [...state.verified];
};

/**
 * Appends PhoneVerificationRequested; the notifier texts the code. Refused with 429 naming
 * phoneNumber when this number had its codes for the hour (from any account) or this account
 * asked for its five.
 */
export const requestPhoneVerification = async (
  deps: PhoneVerificationDeps,
  options: { userId: string; phoneE164: string; context: CommandContext },
): Promise<PhoneVerificationRequestedResponse> => {
  const key = numberLimitKey(deps.linkSigningSecret, options.phoneE164);
  const window = await readWindow(deps.pool, key);
  if (window.count >= PHONE_VERIFICATION_CODES_PER_NUMBER) {
    throw new PhoneVerificationLimitError(M.numberLimit, Math.max(1, Math.ceil(window.ttlMs / 1000)));
  }
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: phoneVerificationDecider,
    streamId: phoneVerificationStreamId(options.userId),
    command: {
      type: 'RequestPhoneVerification',
      userId: options.userId,
      verificationId: deps.newId(),
      phoneE164: options.phoneE164,
      now: options.context.now,
    },
    context: { ...options.context, idempotency: null },
    newEventId: deps.newId,
    toResult: (events, position) => {
      const requested = events.find((event) => event.type === 'PhoneVerificationRequested');
      if (!requested) throw new Error('RequestPhoneVerification recorded no request');
      return {
        verificationId: requested.data.verificationId,
        phoneE164: requested.data.phoneE164,
        expiresAt: requested.data.expiresAt,
        attemptsLeft: PHONE_VERIFICATION_MAX_WRONG_CODES,
        position: position.toString(),
      };
    },
  });
  // Counted once the code is on its way: a refused request sends nothing to the number.
  await hitWindow(deps.pool, { key, windowMs: PHONE_VERIFICATION_WINDOW_MS });
  return result;
};

/**
 * PhoneVerified for the right code of the latest request; a wrong code is recorded (the count
 * outlives a restart) and answered 400 naming `code`; a dead, expired or superseded request 410.
 */
export const confirmPhoneVerification = async (
  deps: PhoneVerificationDeps,
  options: { userId: string; code: string; context: CommandContext },
): Promise<PhoneVerifiedResponse> => {
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: phoneVerificationDecider,
    streamId: phoneVerificationStreamId(options.userId),
    command: {
      type: 'ConfirmPhoneVerification',
      userId: options.userId,
      code: options.code,
      expectedCodeOf: (request) => derivePhoneVerificationCode({ ...request, secret: deps.linkSigningSecret }),
      now: options.context.now,
    },
    context: { ...options.context, idempotency: null },
    newEventId: deps.newId,
    toResult: (events, position) => ({ event: events[0], position: position.toString() }),
  });
  const { event, position } = result;
  if (event?.type === 'PhoneVerificationCodeRejected') throw new WrongPhoneCodeError(attemptsLeftOf(event.data.failedAttempts));
  if (event?.type !== 'PhoneVerified') throw new Error('ConfirmPhoneVerification recorded neither outcome');
  return { phoneE164: event.data.phoneE164, verifiedAt: event.data.verifiedAt, position };
};
