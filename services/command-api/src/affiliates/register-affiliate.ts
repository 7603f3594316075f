import {
  bpsToPercent,
  type Affiliate,
  type AffiliateRegisteredData,
  type AffiliateRegisterRequest,
  type AffiliateRegisterResponse,
} from '@acres/contracts';
import { affiliateDecider, type AffiliateEvent, type AffiliateProfile } from '@acres/domain';
import type { SessionUser } from '@acres/platform/sessions';
import { handleCommand, type CommandContext, type CommandOutcome } from '../commands/handle-command.ts';
import { idForIdempotencyKey } from '../commands/ids.ts';
import { loadAffiliateState, type AffiliateDeps } from './deps.ts';
import { claimFreshReferralCode } from './referral-code.ts';
import { affiliateStreamId } from './streams.ts';

const toProfile = (input: AffiliateRegisterRequest): AffiliateProfile => ({
  fullName: input.full_name,
  companyName: input.company_name,
  phone: input.phone_number,
  bankName: input.bank_name,
  accountNumber: input.account_number,
  accountName: input.account_name,
  marketingExperience: input.marketing_experience,
  marketingChannels: input.marketing_channels,
});

/** The profile as GET /api/affiliate/profile will show it once projected. */
export const toAffiliate = (data: AffiliateRegisteredData): Affiliate => ({
  id: data.affiliateId,
  userId: data.userId,
  fullName: data.fullName,
  email: data.email,
  phone: data.phone,
  companyName: data.companyName,
  bankName: data.bankName,
  accountNumber: data.accountNumber,
  accountName: data.accountName,
  marketingExperience: data.marketingExperience,
  marketingChannels: data.marketingChannels,
  commissionRate: bpsToPercent(data.commissionRateBps),
  referralCode: data.referralCode,
  status: 'active',
  verifiedSales: 0,
  joinedAt: data.joinedAt,
  updatedAt: data.joinedAt,
});

const registeredData = (events: AffiliateEvent[]) => {
  const event = events.find((each) => each.type === 'AffiliateRegistered');
  if (!event) throw new Error('RegisterAffiliate answered without an AffiliateRegistered event');
  return event.data;
};

/**
 * RegisterAffiliate on affiliate-{userId}. The code is claimed on its own stream first
 * (a profile never carries a code someone else holds); then the profile is appended at
 * no_stream, so of two concurrent registrations of one user exactly one wins and the
 * other gets 409. An already registered user claims nothing: handleCommand answers a
 * retry of the same request (Idempotency-Key) with its first result and refuses
 * anything else with 409.
 */
export const registerAffiliate = (options: {
  deps: AffiliateDeps;
  user: SessionUser;
  input: AffiliateRegisterRequest;
  context: CommandContext;
}): Promise<CommandOutcome<AffiliateRegisterResponse>> => {
  const { deps, user, input, context } = options;
  const streamId = affiliateStreamId(user.id);
  return deps.lock.run(streamId, async () => {
    const state = await loadAffiliateState(deps.eventStore, streamId);
    const affiliateId = state.registered
      ? state.affiliateId
      : context.idempotency
        ? idForIdempotencyKey(`RegisterAffiliate\u0000${user.id}`, context.idempotency.key)
        : deps.newId();
    const referralCode = state.registered
      ? state.referralCode
      : await claimFreshReferralCode({
          eventStore: deps.eventStore,
          generate: deps.generateReferralCode,
          fullName: input.full_name,
          affiliateId,
          userId: user.id,
          context,
          newEventId: deps.newId,
        });
    return handleCommand({
      eventStore: deps.eventStore,
      decider: affiliateDecider,
      streamId,
      command: {
        type: 'RegisterAffiliate',
        affiliateId,
        userId: user.id,
        email: user.email,
        referralCode,
        profile: toProfile(input),
        now: context.now,
      },
      context,
      newEventId: deps.newId,
      toResult: (events, position) => ({ affiliate: toAffiliate(registeredData(events)), position: position.toString() }),
    });
  });
};
