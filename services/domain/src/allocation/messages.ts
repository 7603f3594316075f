import { PARTNER_SLOTS, PROJECT_ACRES } from '@acres/contracts';

export type PaymentOutcome = 'approved' | 'rejected';

export const alreadyDecidedMessage = (outcome: PaymentOutcome) => `This payment has already been ${outcome}`;

const acresText = (acres: number) => `${acres} ${acres === 1 ? 'acre' : 'acres'}`;

/** 'Approving 30 acres would exceed the 200-acre project: 180 acres are already approved, 20 remain' */
export const exceedsAcresMessage = (options: { acres: number; acresApproved: number }) => {
  const { acres, acresApproved } = options;
  const remaining = Math.max(0, PROJECT_ACRES - acresApproved);
  const approved = `${acresText(acresApproved)} ${acresApproved === 1 ? 'is' : 'are'} already approved`;
  const left = remaining === 0 ? 'none remain' : `${remaining} ${remaining === 1 ? 'remains' : 'remain'}`;
  return `Approving ${acresText(acres)} would exceed the ${PROJECT_ACRES}-acre project: ${approved}, ${left}`;
};

export const PARTNER_SLOTS_TAKEN_MESSAGE = `All ${PARTNER_SLOTS} partner slots are taken`;
