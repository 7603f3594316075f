import type { ApplicationStatus, Payment } from '@acres/contracts';

/** What the investor holds and owes, read once and shown alike by every dashboard card. */
export type Holdings = {
  securedAcres: number;
  confirmedAmount: number;
  reviewCount: number;
  reviewAcres: number;
  /** The acres of the open (pending or approved) application, if there is one. */
  appliedAcres: number | null;
  /** Acres applied for that are neither secured nor under review: what is still to pay. */
  outstandingAcres: number;
};

/**
 * Until a payment names its application, the escrow's money can be verified twice: on the
 * application (amount verified) and on a payment proof. There is one application per email
 * (DESIGN 4), so the larger of the two readings is what the escrow holds; adding them would
 * count the same transfer twice.
 */
export function readHoldings(payments: readonly Payment[], applications: readonly ApplicationStatus[] = []): Holdings {
  let paidAcres = 0;
  let paidAmount = 0;
  let reviewCount = 0;
  let reviewAcres = 0;
  for (const payment of payments) {
    if (payment.status === 'approved') {
      paidAcres += payment.acres;
      paidAmount += payment.amount;
    } else if (payment.status !== 'rejected') {
      reviewCount += 1;
      reviewAcres += payment.acres;
    }
  }
  const open = applications.find((application) => application.status !== 'rejected');
  const approved = open?.status === 'approved' ? open : undefined;
  const securedAcres = Math.max(paidAcres, approved?.acresSubscribed ?? 0);
  const confirmedAmount = Math.max(paidAmount, approved?.amountVerified ?? 0);
  const appliedAcres = open?.acresSubscribed ?? null;
  const outstandingAcres = appliedAcres === null ? 0 : Math.max(0, appliedAcres - securedAcres - reviewAcres);
  return { securedAcres, confirmedAmount, reviewCount, reviewAcres, appliedAcres, outstandingAcres };
}
