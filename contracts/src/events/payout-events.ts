import { z } from 'zod';
import { EventTimestampSchema } from './metadata.ts';

const id = z.uuid();

/** One verified commission taken into a payout batch: the amount is the sale's computedCommission. */
export const PayoutItemSchema = z.object({
  saleId: id,
  affiliateId: id,
  affiliateUserId: id,
  amount: z.number().int().nonnegative(),
});
export type PayoutItem = z.infer<typeof PayoutItemSchema>;

/**
 * The admin gathers every verified, unpaid commission up to a date into one batch, on the
 * single `payouts` stream: that stream's revision is what keeps a commission in one batch.
 */
export const PayoutBatchCreatedDataSchema = z.object({
  batchId: id,
  /** 'YYYY-MM-DD': commissions verified up to the end of this Lagos day. */
  upTo: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** The bank transfer narration of every line of the batch. */
  reference: z.string().min(1),
  items: z.array(PayoutItemSchema).min(1),
  total: z.number().int().nonnegative(),
  createdBy: z.string().min(1),
  createdAt: EventTimestampSchema,
});
export type PayoutBatchCreatedData = z.infer<typeof PayoutBatchCreatedDataSchema>;

export const PayoutBatchPaidDataSchema = z.object({
  batchId: id,
  transferReference: z.string().min(1),
  paidBy: z.string().min(1),
  paidAt: EventTimestampSchema,
});
export type PayoutBatchPaidData = z.infer<typeof PayoutBatchPaidDataSchema>;
