import type { CommandAccepted, CreatePaymentRequest } from '@acres/contracts';
import { paymentDecider, paymentProofClaimDecider, type SubmitPaymentProof, type UploadedProof } from '@acres/domain';
import type { SessionUser } from '@acres/platform/sessions';
import type { CommandDeps } from '../commands/deps.ts';
import { handleCommand, type CommandContext, type CommandOutcome } from '../commands/handle-command.ts';
import { idForIdempotencyKey } from '../commands/ids.ts';
import { readPaymentSettings } from '../settings/escrow.ts';
import { paymentProofClaimStreamId, paymentStreamId } from './streams.ts';

export type FindProof = (objectPath: string) => Promise<UploadedProof | null>;

/**
 * SubmitPaymentProof: a new payment-{id} stream. With an Idempotency-Key the id comes
 * from the key scoped to the investor, so a retry lands on the same stream and answers
 * the first result, while another investor's identical key is a different payment.
 * The proof object is looked up first and judged by the decider (whose it is, whether
 * it is an image); uploading a proof on its own records nothing.
 *
 * One proof image backs one payment: once the submission is known to be acceptable, the
 * proof's claim stream is written with no_stream naming this payment, so of two racing
 * submissions of one object exactly one goes on (the other answers 409). A retry with the
 * same Idempotency-Key is the same payment and passes its own claim. Should the payment's
 * append then fail (the database went away), the claim stays with a payment the retry with
 * that key records.
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
  const [proof, { escrowAccountSet, terms }] = await Promise.all([
    options.findProof(input.proofImagePath),
    readPaymentSettings(deps.eventStore),
  ]);
  const command: SubmitPaymentProof = {
    type: 'SubmitPaymentProof',
    paymentId,
    userId: user.id,
    now: context.now,
    acres: input.acres,
    amount: input.amount,
    proofImagePath: input.proofImagePath,
    proof,
    escrowAccountSet,
    terms,
  };
  // Throws the refusal (bad figures, not this investor's image, no escrow account) before anything is written.
  paymentDecider.decide(command, paymentDecider.initialState);
  await handleCommand({
    eventStore: deps.eventStore,
    decider: paymentProofClaimDecider,
    streamId: paymentProofClaimStreamId(input.proofImagePath),
    command: { type: 'ClaimPaymentProof', objectPath: input.proofImagePath, paymentId, userId: user.id, now: context.now },
    context,
    newEventId: deps.newId,
    toResult: () => undefined,
    newStream: true,
  });
  return handleCommand({
    eventStore: deps.eventStore,
    decider: paymentDecider,
    streamId: paymentStreamId(paymentId),
    command,
    context,
    newEventId: deps.newId,
    toResult: (events, position) => ({ id: events[0]!.data.paymentId, position: position.toString() }),
  });
};
