// An investor's payments as of a log position: only their own events (their submissions
// and the decisions on them, found by the events' userId; migration 24 indexes it) up to
// the position, folded by the read model's own rules (@acres/read-models/payments-projection).
// Without a position, the read model answers with the checkpoint it was read at.

import type { AsOfQuery } from '@acres/contracts/as-of';
import type { Payment } from '@acres/contracts/payment';
import type { Pool } from '@acres/platform';
import { readCheckpoints } from '@acres/read-models/checkpoints';
import { foldPayments } from '@acres/read-models/payments-projection';
import { ADMIN_DECIDER, listOwnPayments, PAYMENTS, toPayment } from '@acres/read-models/payments';
import { readEventsUpTo, type EventLog } from '../shared/as-of/event-log.ts';
import { resolveAsOf, type AsOfPoint } from '../shared/as-of/resolve.ts';
import { readInSnapshot } from '../shared/as-of/snapshot.ts';

const INVESTOR_PAYMENT_EVENTS = ['PaymentProofSubmitted', 'PaymentApproved', 'PaymentRejected'];

export const foldOwnPaymentsAt = async (log: EventLog, options: { userId: string; position: bigint }): Promise<Payment[]> => {
  const events = await readEventsUpTo(log, {
    filter: { types: INVESTOR_PAYMENT_EVENTS, data: [{ path: ['userId'], values: [options.userId] }] },
    position: options.position,
  });
  return foldPayments(events).map((row) => ({
    ...toPayment(row),
    approvedBy: row.approved_by === null ? null : ADMIN_DECIDER,
  }));
};

export const readOwnPaymentsAsOf = (
  pool: Pool,
  options: { userId: string; query: AsOfQuery; now: Date; log: EventLog },
): Promise<{ payments: Payment[]; position: bigint; point: AsOfPoint | null }> =>
  readInSnapshot(pool, async (client) => {
    const point = await resolveAsOf(options.log, options.query, options.now);
    if (point) {
      const payments = await foldOwnPaymentsAt(options.log, { userId: options.userId, position: point.position });
      return { payments, position: point.position, point };
    }
    const [checkpoint] = await readCheckpoints(client, [PAYMENTS.name]);
    return { payments: await listOwnPayments(client, options.userId), position: checkpoint?.position ?? 0n, point };
  });
