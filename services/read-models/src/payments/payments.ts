// SPEC 3 payments: one row per PaymentProofSubmitted, decided once by PaymentApproved or
// PaymentRejected from the allocation stream (the projector's projections/payments), read
// by the investor's and the admin's payment lists as the contract's Payment.

import type { PaymentStatus } from '@acres/contracts/constants';
import { PaymentSchema, resolveAmountCheck, type Payment } from '@acres/contracts/payment';
import { defineReadModel, selectList, type Position, type SqlTypes } from '../shared/read-model.ts';
import { createRowCodec } from '../shared/row-codec.ts';

export const PAYMENTS = {
  ...defineReadModel('payments', 'payments', '1700000000006_payments.sql'),
  /** The investors' names and emails as the user events last said, copied onto their payments for the search. */
  investorsTable: 'payment_investors',
};

export type PaymentRow = {
  id: string;
  user_id: string;
  lead_id: string | null;
  amount: number;
  acres: number;
  proof_image_path: string;
  status: PaymentStatus;
  /** The decision's notes (null for none); set with the decision, like approved_by and processed_at. */
  admin_notes: string | null;
  /** Who decided, approved or rejected: the decision's decidedBy. */
  approved_by: string | null;
  submitted_at: Date;
  processed_at: Date | null;
  /** acres × the wholesale price at submission; null on a row of a version 1 event not yet rebuilt. */
  expected_amount: number | null;
  /** amount − expected_amount (negative: short); null as expected_amount. */
  amount_difference: number | null;
  /** The investor's name and email as the user events last said, for the audit's search (null until known). */
  investor_name: string | null;
  investor_email: string | null;
  /** The last event applied to the row (the submission, then the decision). */
  global_position: Position;
};

/** Payment ↔ its columns: the fields the row stores (the submitter comes from the users read model). */
export const PAYMENT_ROW = createRowCodec(PaymentSchema.omit({ submitterName: true, submitterEmail: true }), {
  id: 'uuid',
  userId: 'uuid',
  leadId: 'uuid',
  amount: 'bigint',
  acres: 'integer',
  expectedAmount: 'bigint',
  amountDifference: 'bigint',
});

export const PAYMENT_COLUMNS = {
  ...PAYMENT_ROW.columns,
  investor_name: 'text',
  investor_email: 'text',
  global_position: 'bigint',
} as const satisfies SqlTypes<PaymentRow>;

/** What the payments projection knows of each investor (its own table, payment_investors). */
export type PaymentInvestorRow = { user_id: string; name: string | null; email: string | null; global_position: Position };

/**
 * The text the audit searches, over `payments` as `alias`: the investor's name, their email
 * and the payment id. The trigram index payments_search_trgm_idx (migration 1700000000015)
 * holds exactly this expression, so it must not change without the index.
 */
export const PAYMENT_SEARCH_TEXT = (alias: string) =>
  `(coalesce(${alias}.investor_name, '') || ' ' || coalesce(${alias}.investor_email, '') || ' ' || ${alias}.id::text)`;

/** The columns a Payment is made of. */
export type PaymentView = Omit<PaymentRow, 'global_position' | 'investor_name' | 'investor_email'>;

/** SELECT list of a PaymentView from `payments p`. */
export const PAYMENT_VIEW_COLUMNS = selectList(PAYMENT_COLUMNS, {
  omit: ['global_position', 'investor_name', 'investor_email'],
  alias: 'p',
});

/** What an investor is told of who decided: the role, never an admin's account name. */
export const ADMIN_DECIDER = 'Admin';

/** The payment as the admin sees it (an investor's own list shows ADMIN_DECIDER as approvedBy). */
export const toPayment = (row: PaymentView): Payment => {
  const payment = PAYMENT_ROW.fromRow(row);
  return { ...payment, ...resolveAmountCheck(payment) };
};
