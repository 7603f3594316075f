import { ISSUED_REFERRAL_CODE_PATTERN } from '@acres/domain';
import type { EventStore } from '@acres/eventstore/port';
import { readBusinessTerms } from '../settings/escrow.ts';
import { referralCodeStreamId } from './streams.ts';

/**
 * The code a lead or an application is attributed to: upper-cased, and only when an
 * affiliate claimed it; anything else is null. Never refuses: a visitor who followed a
 * stale or mistyped link still reserves their slot, just without a referrer.
 */
export const resolveReferralCode = async (eventStore: EventStore, code: string | null | undefined): Promise<string | null> => {
  const candidate = code?.trim().toUpperCase();
  if (!candidate || !ISSUED_REFERRAL_CODE_PATTERN.test(candidate)) return null;
  const claims = await eventStore.readStream(referralCodeStreamId(candidate), { maxCount: 1 });
  return claims.length > 0 ? candidate : null;
};

/** What a visitor's form (a lead, an application) is decided with: its referral code, and the terms in force. */
export const readReferralAndTerms = async (eventStore: EventStore, code: string | null | undefined) => {
  const [referralCode, terms] = await Promise.all([resolveReferralCode(eventStore, code), readBusinessTerms(eventStore)]);
  return { referralCode, terms };
};
