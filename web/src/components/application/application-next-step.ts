import { type ApplicationStatus, computeSubscriptionValue, formatMillions, formatNaira } from '@acres/contracts';

export type ApplicationContext = {
  /** Whether the escrow account is set (undefined while the settings load). */
  escrowSet: boolean | undefined;
  /** On the dashboard, the investor's own payments (null on the public status page, which knows none). */
  payments: { reviewAcres: number; outstandingAcres: number } | null;
};

export type ApplicationStory = { happened: string; next: string | null };

const acresText = (acres: number) => `${acres} ${acres === 1 ? 'acre' : 'acres'}`;

/** What is true of an application now, and what its applicant should do next, in their own acres and naira. */
export function describeApplication(a: ApplicationStatus, context: ApplicationContext): ApplicationStory {
  const applied = `${acresText(a.acresSubscribed)} (${formatMillions(a.subscriptionValue)})`;
  if (a.status === 'rejected') {
    return {
      happened: 'Your application was not approved.',
      next: 'Please contact us to find out why and what to do next. Nothing you transferred is kept: escrow funds are refunded in full.',
    };
  }
  if (a.status === 'approved') {
    const received = a.amountVerified === null ? '' : ` received ${formatNaira(a.amountVerified)}`;
    const receipt = a.escrowReceiptNumber ? ` (receipt ${a.escrowReceiptNumber})` : '';
    return {
      happened: `Your application is approved: the escrow account${received}${receipt} for your ${acresText(a.acresSubscribed)}.`,
      next: 'Nothing more to pay for these acres. We will keep you informed here as your allocation and title progress.',
    };
  }
  const happened = `We have your application for ${applied}.`;
  if (context.escrowSet === undefined) return { happened, next: null };
  if (!context.escrowSet) {
    return {
      happened,
      next: 'The escrow account is not set up yet, so please do not transfer any money for now. Our team will contact you with the account details, and we review your application once your payment is in escrow.',
    };
  }
  const payments = context.payments;
  if (payments === null) {
    return {
      happened,
      next: `Next: transfer ${formatMillions(a.subscriptionValue)} to the escrow account shown on your dashboard (sign in with the email you applied with) and upload your transfer receipt there. We approve the application once the payment is verified.`,
    };
  }
  if (payments.outstandingAcres === 0 && payments.reviewAcres > 0) {
    return {
      happened,
      next: 'We are verifying your payment into the escrow account. This page shows the decision as soon as it is made.',
    };
  }
  const owed = payments.outstandingAcres > 0 ? payments.outstandingAcres : a.acresSubscribed;
  return {
    happened,
    next: `Next: transfer ${formatMillions(computeSubscriptionValue(owed))} for ${acresText(owed)} to the escrow account below and upload your transfer receipt. We approve the application once the payment is verified.`,
  };
}
