import type { CommandAccepted, SaleReport } from '@acres/contracts';
import { affiliateDecider, type AffiliateEvent } from '@acres/domain';
import type { SessionUser } from '@acres/platform/sessions';
import { handleCommand, type CommandContext, type CommandOutcome } from '../handle-command.ts';
import { idForIdempotencyKey } from '../ids.ts';
import type { AffiliateDeps } from './deps.ts';
import { affiliateStreamId } from './streams.ts';

const reportedSaleId = (events: AffiliateEvent[]) => {
  const event = events.find((each) => each.type === 'SaleReported');
  if (!event) throw new Error('ReportSale answered without a SaleReported event');
  return event.data.saleId;
};

/**
 * ReportSale on the affiliate's own stream: the decider refuses it (404) when the user
 * has no profile and (403) when the profile is not active. With an Idempotency-Key the
 * sale id comes from the key scoped to the user, so a retry answers the first report.
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
  return deps.lock.run(streamId, () =>
    handleCommand({
      eventStore: deps.eventStore,
      decider: affiliateDecider,
      streamId,
      command: {
        type: 'ReportSale',
        saleId,
        now: context.now,
        sale: {
          clientName: input.clientName,
          clientPhone: input.clientPhone,
          acres: input.acres,
          amountPaid: input.amountPaid,
          paymentPlan: input.paymentPlan,
          transactionDate: input.transactionDate,
        },
      },
      context,
      newEventId: deps.newId,
      toResult: (events, position) => ({ id: reportedSaleId(events), position: position.toString() }),
    }),
  );
};
