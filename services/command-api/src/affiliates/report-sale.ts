import type { BusinessTerms, CommandAccepted, SaleReport } from '@acres/contracts';
import { affiliateDecider, saleIdDecider, type AffiliateEvent, type ReportSale, type UploadedProof } from '@acres/domain';
import type { SessionUser } from '@acres/platform/sessions';
import { handleCommand, type CommandContext, type CommandOutcome } from '../commands/handle-command.ts';
import { idForIdempotencyKey } from '../commands/ids.ts';
import { loadAffiliateState, type AffiliateDeps } from './deps.ts';
import { affiliateStreamId, saleStreamId } from './streams.ts';
import { readBusinessTerms } from '../settings/escrow.ts';

const reportedSaleId = (events: AffiliateEvent[]) => {
  const event = events.find((each) => each.type === 'SaleReported');
  if (!event) throw new Error('ReportSale answered without a SaleReported event');
  return event.data.saleId;
};

const buildCommand = (options: {
  saleId: string;
  input: SaleReport;
  context: CommandContext;
  proof: UploadedProof | null;
  terms: BusinessTerms;
}): ReportSale => {
  const { saleId, input, context, proof, terms } = options;
  return {
    type: 'ReportSale',
    saleId,
    now: context.now,
    terms,
    proofImagePath: input.proofImagePath ?? null,
    proof,
    sale: {
      clientName: input.clientName,
      clientPhone: input.clientPhone,
      acres: input.acres,
      amountPaid: input.amountPaid,
      paymentPlan: input.paymentPlan,
      transactionDate: input.transactionDate,
    },
  };
};

const decideReport = async (options: {
  deps: AffiliateDeps;
  user: SessionUser;
  context: CommandContext;
  streamId: string;
  command: ReportSale;
}): Promise<CommandOutcome<CommandAccepted>> => {
  const { deps, user, context, streamId, command } = options;
  const { saleId } = command;
  const state = await loadAffiliateState(deps.eventStore, streamId);
  if (!state.registered || !state.sales.has(saleId)) {
    // Throws the refusal (no profile, not active, bad figures) before anything is written.
    affiliateDecider.decide(command, state);
    if (!state.registered) throw new Error('ReportSale was accepted without a profile');
    await handleCommand({
      eventStore: deps.eventStore,
      decider: saleIdDecider,
      streamId: saleStreamId(saleId),
      command: { type: 'ClaimSaleId', saleId, affiliateId: state.affiliateId, userId: user.id, now: context.now },
      context,
      newEventId: deps.newId,
      toResult: () => undefined,
    });
  }
  return handleCommand({
    eventStore: deps.eventStore,
    decider: affiliateDecider,
    streamId,
    command,
    context,
    newEventId: deps.newId,
    toResult: (events, position) => ({ id: reportedSaleId(events), position: position.toString() }),
  });
};

/**
 * ReportSale on the affiliate's own stream: the decider refuses it (404) when the user
 * has no profile and (403) when the profile is not active. With an Idempotency-Key the
 * sale id comes from the key scoped to the user, so a retry answers the first report.
 *
 * The sale's own stream (sale-{id}) is claimed first, naming the affiliate stream, so the
 * admin's decision finds any reported sale from its id alone; a report the affiliate's
 * stream refuses claims nothing, and a retry meets its own claim again.
 */
export const reportSale = (options: {
  deps: AffiliateDeps;
  user: SessionUser;
  input: SaleReport;
  context: CommandContext;
}): Promise<CommandOutcome<CommandAccepted>> => {
  const { deps, user, input, context } = options;
  const streamId = affiliateStreamId(user.id);
  const saleId = context.idempotency ? idForIdempotencyKey(`ReportSale\u0000${user.id}`, context.idempotency.key) : deps.newId();
  const proofImagePath = input.proofImagePath ?? null;
  return deps.lock.run(streamId, async () => {
    const [proof, terms] = await Promise.all([
      proofImagePath ? deps.findProof(proofImagePath) : null,
      readBusinessTerms(deps.eventStore),
    ]);
    return decideReport({ deps, user, context, streamId, command: buildCommand({ saleId, input, context, proof, terms }) });
  });
};
