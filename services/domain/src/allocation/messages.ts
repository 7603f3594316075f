import { DEFAULT_BUSINESS_TERMS, PARTNER_SLOTS, type BusinessTerms } from '@acres/contracts';

export type PaymentOutcome = 'approved' | 'rejected';

export const alreadyDecidedMessage = (outcome: PaymentOutcome) => `This payment has already been ${outcome}`;

const acresText = (acres: number) => `${acres} ${acres === 1 ? 'acre' : 'acres'}`;

/** 'Approving 30 acres would exceed the 200-acre project: 180 acres are already approved, 20 remain' */
export const exceedsAcresMessage = (options: { acres: number; acresApproved: number; projectAcres?: number }) => {
  const { acres, acresApproved, projectAcres = DEFAULT_BUSINESS_TERMS.projectAcres } = options;
  const remaining = Math.max(0, projectAcres - acresApproved);
  const approved = `${acresText(acresApproved)} ${acresApproved === 1 ? 'is' : 'are'} already approved`;
  const left = remaining === 0 ? 'none remain' : `${remaining} ${remaining === 1 ? 'remains' : 'remain'}`;
  return `Approving ${acresText(acres)} would exceed the ${projectAcres}-acre project: ${approved}, ${left}`;
};

export const partnerSlotsTakenMessage = (terms: Pick<BusinessTerms, 'partnerCap'>) =>
  `All ${terms.partnerCap} partner slots are taken`;
export const PARTNER_SLOTS_TAKEN_MESSAGE = partnerSlotsTakenMessage({ partnerCap: PARTNER_SLOTS });
