import { randomInt } from 'node:crypto';
import { REFERRAL_CODE_MAX_LENGTH } from '@acres/contracts';
import { referralCodeDecider } from '@acres/domain';
import type { EventStore } from '@acres/eventstore/port';
import { DomainError } from '@acres/contracts/errors';
import { isDomainError } from '@acres/platform/errors';
import { handleCommand, type CommandContext } from '../commands/handle-command.ts';
import { referralCodeStreamId } from './streams.ts';

/** Crockford's base 32: no I, L, O or U, so a code read aloud or off a screen is typed back right. */
export const REFERRAL_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;
const NAME_PREFIX_LENGTH = 4;
export const MAX_REFERRAL_CODE_ATTEMPTS = 10;
export const REFERRAL_CODE_UNAVAILABLE_MESSAGE = 'Could not issue a referral code. Please try again.';

/** Proposes a code for an affiliate; a proposal may be taken already (the claim decides). */
export type GenerateReferralCode = (fullName: string) => string;

/**
 * Up to 4 letters of the name (so the affiliate recognises their code: 'Tunde Bakare'
 * → 'TNDE…') and random characters up to 8 in all: 32^4 and more codes per prefix.
 * Letters outside the alphabet are skipped, accents are stripped; a name with no
 * usable letter gets an all-random code.
 */
export const generateReferralCode = (fullName: string, randomIndex: (size: number) => number = randomInt): string => {
  const letters = [...fullName.normalize('NFD').toUpperCase()].filter(
    (char) => /[A-Z]/.test(char) && REFERRAL_CODE_ALPHABET.includes(char),
  );
  let code = letters.slice(0, NAME_PREFIX_LENGTH).join('');
  while (code.length < REFERRAL_CODE_LENGTH) code += REFERRAL_CODE_ALPHABET[randomIndex(REFERRAL_CODE_ALPHABET.length)];
  return code.slice(0, REFERRAL_CODE_MAX_LENGTH);
};

/**
 * Claims a fresh code on its own stream (no_stream: the first claim wins, across
 * processes too) and answers it; on a clash it proposes another, a bounded number of
 * times. A claim is not idempotent on purpose: a retried registration may claim a
 * second code, and the one it does not use points at no profile, so it attributes nothing.
 */
export const claimFreshReferralCode = async (options: {
  eventStore: EventStore;
  generate: GenerateReferralCode;
  fullName: string;
  affiliateId: string;
  userId: string;
  context: CommandContext;
  newEventId: () => string;
}): Promise<string> => {
  const { eventStore, context } = options;
  for (let attempt = 1; attempt <= MAX_REFERRAL_CODE_ATTEMPTS; attempt += 1) {
    const code = options.generate(options.fullName);
    try {
      await handleCommand({
        eventStore,
        decider: referralCodeDecider,
        streamId: referralCodeStreamId(code),
        command: { type: 'ClaimReferralCode', code, affiliateId: options.affiliateId, userId: options.userId, now: context.now },
        context: { ...context, idempotency: null },
        newEventId: options.newEventId,
        toResult: () => code,
        // Taken, or claimed by someone else this instant: either way propose another code.
        maxAttempts: 1,
      });
      return code;
    } catch (error) {
      if (isDomainError(error) && error.code === 'conflict') continue;
      throw error;
    }
  }
  throw new DomainError('unavailable', REFERRAL_CODE_UNAVAILABLE_MESSAGE);
};
