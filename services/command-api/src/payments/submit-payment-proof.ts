import type { CommandAccepted, CreatePaymentRequest } from '@acres/contracts';
import { paymentDecider, type UploadedProof } from '@acres/domain';
import type { SessionUser } from '@acres/platform/sessions';
import type { CommandDeps } from '../commands/deps.ts';
import { handleCommand, type CommandContext, type CommandOutcome } from '../commands/handle-command.ts';
import { idForIdempotencyKey } from '../commands/ids.ts';
import { readEscrowAccountSet } from '../settings/escrow.ts';
import { paymentStreamId } from './streams.ts';

export type FindProof = (objectPath: string) => Promise<UploadedProof | null>;

/**
 * SubmitPaymentProof: a new payment-{id} stream. With an Idempotency-Key the id comes
 * from the key scoped to the investor, so a retry lands on the same stream and answers
 * the first result, while another investor's identical key is a different payment.
 * The proof object is looked up first and judged by the decider (whose it is, whether
 * it is an image); uploading a proof on its own records nothing.
 */
export const submitPaymentProof = async (options: {
  deps: CommandDeps;
  findProof: FindProof;
  user: SessionUser;
  input: CreatePaymentRequest;
  context: CommandContext;
}): Promise<CommandOutcome<CommandAccepted>> => {
  const { deps, user, input, context } = options;
  const paymentId = context.idempotency
    ? idForIdempotencyKey(`SubmitPaymentProof\u0000${user.id}`, context.idempotency.key)
    : deps.newId();
  const [proof, escrowAccountSet] = await Promise.all([
    options.findProof(input.proofImagePath),
    readEscrowAccountSet(deps.eventStore),
  ]);
  return handleCommand({
    eventStore: deps.eventStore,
    decider: paymentDecider,
    streamId: paymentStreamId(paymentId),
    command: {
      type: 'SubmitPaymentProof',
      paymentId,
      userId: user.id,
      now: context.now,
      acres: input.acres,
      amount: input.amount,
      proofImagePath: input.proofImagePath,
      proof,
      escrowAccountSet,
    },
    context,
    newEventId: deps.newId,
    toResult: (events, position) => ({ id: events[0]!.data.paymentId, position: position.toString() }),
  });
};
