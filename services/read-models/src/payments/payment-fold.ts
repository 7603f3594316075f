// The payments read model's rules as data: what each event means for a payment row
// (parsePaymentEvent, the mapping the projector's payments projection writes with), and
// the same rules folded in memory for an investor's payments as of a log position: a
// submission makes a pending row once, and only the first decision moves a pending row.

import { resolveAmountCheck } from '@acres/contracts/payment';
import { parseEventData, type LoggedEvent } from '../shared/event-data.ts';
import type { RowToWrite } from '../shared/read-model.ts';
import { PAYMENT_ROW, type PaymentRow, type PaymentView } from './payments.ts';

export const PAYMENT_EVENTS = [
  'UserRegistered',
  'UserProfileUpdated',
  'PaymentProofSubmitted',
  'PaymentApproved',
  'PaymentRejected',
] as const;

/** Columns the decision fills, and the investor's; a submission leaves them null. */
export const PAYMENT_FILLED_LATER = ['admin_notes', 'approved_by', 'processed_at', 'investor_name', 'investor_email'] as const;
export type SubmittedPaymentRow = RowToWrite<Omit<PaymentRow, (typeof PAYMENT_FILLED_LATER)[number]>>;

export type PaymentDecision = {
  id: string;
  status: 'approved' | 'rejected';
  adminNotes: string | null;
  decidedBy: string;
  decidedAt: string;
  position: string;
};

/** What a user event says of an investor; a null email is "unchanged" (UserProfileUpdated without one). */
export type InvestorChange = { userId: string; name: string | null; email: string | null; position: string };

export type ParsedPaymentEvent =
  | { kind: 'submitted'; row: SubmittedPaymentRow }
  | { kind: 'decided'; decision: PaymentDecision }
  | { kind: 'investor'; change: InvestorChange };

const nameOf = (firstName: string | null, lastName: string | null) =>
  [firstName, lastName].filter((part) => part?.trim()).join(' ') || null;

/** Empty admin notes are no notes: the screens show null, not a blank line. */
export const toNotes = (notes: string) => (notes.trim() === '' ? null : notes);

const parseSubmission = (event: LoggedEvent): SubmittedPaymentRow => {
  const data = parseEventData('PaymentProofSubmitted', event);
  // The event names the id its own way; a version 1 event predates the stored price check.
  return {
    ...PAYMENT_ROW.toRow({
      ...data,
      ...resolveAmountCheck(data),
      id: data.paymentId,
      leadId: data.leadId ?? null,
      status: 'pending',
      adminNotes: null,
      approvedBy: null,
      processedAt: null,
    }),
    global_position: event.globalPosition.toString(),
  };
};

export const parsePaymentEvent = (event: LoggedEvent): ParsedPaymentEvent => {
  if (event.type === 'PaymentProofSubmitted') return { kind: 'submitted', row: parseSubmission(event) };
  if (event.type === 'PaymentApproved' || event.type === 'PaymentRejected') {
    const data = parseEventData(event.type, event);
    return {
      kind: 'decided',
      decision: {
        id: data.paymentId,
        status: event.type === 'PaymentApproved' ? 'approved' : 'rejected',
        adminNotes: toNotes(data.adminNotes),
        decidedBy: data.decidedBy,
        decidedAt: data.decidedAt,
        position: event.globalPosition.toString(),
      },
    };
  }
  if (event.type === 'UserRegistered' || event.type === 'UserProfileUpdated') {
    const data = parseEventData(event.type, event);
    const change = {
      userId: data.userId,
      name: nameOf(data.firstName, data.lastName),
      email: data.email ?? null,
      position: event.globalPosition.toString(),
    };
    return { kind: 'investor', change };
  }
  throw new Error(`payments does not handle ${event.type}`);
};

const toView = ({ global_position: _position, ...row }: SubmittedPaymentRow): PaymentView => ({
  ...row,
  admin_notes: null,
  approved_by: null,
  submitted_at: new Date(row.submitted_at),
  processed_at: null,
});

/**
 * The payments the events make, in log order, newest first (as the investor's list):
 * a submission is kept once, and a decision moves a pending payment only, so the first
 * decision in the log stands, as in the projection.
 */
export const foldPayments = (events: readonly LoggedEvent[]): PaymentView[] => {
  const rows = new Map<string, PaymentView>();
  for (const event of events) {
    const parsed = parsePaymentEvent(event);
    if (parsed.kind === 'submitted') {
      if (!rows.has(parsed.row.id)) rows.set(parsed.row.id, toView(parsed.row));
    } else if (parsed.kind === 'decided') {
      const row = rows.get(parsed.decision.id);
      if (row?.status !== 'pending') continue;
      const { decision } = parsed;
      rows.set(decision.id, {
        ...row,
        status: decision.status,
        admin_notes: decision.adminNotes,
        approved_by: decision.decidedBy,
        processed_at: new Date(decision.decidedAt),
      });
    }
  }
  return [...rows.values()].sort(
    (a, b) => b.submitted_at.getTime() - a.submitted_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
};
