import type { BusinessTerms, MarketingExperience, SalePaymentPlan } from '@acres/contracts';
import type { UploadedProof } from '../payments/decider.ts';

/** The onboarding form, already parsed by the contract schema. */
export type AffiliateProfile = {
  fullName: string;
  companyName?: string | null | undefined;
  phone: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  marketingExperience: MarketingExperience;
  marketingChannels: string;
};

/** The referral code is claimed on its own stream by the caller before this command runs. */
export type RegisterAffiliate = {
  type: 'RegisterAffiliate';
  affiliateId: string;
  userId: string;
  /** The signed-in user's email: the affiliate is reached where the account is. */
  email: string;
  referralCode: string;
  profile: AffiliateProfile;
  now: Date;
};

export type SaleDetails = {
  clientName: string;
  clientPhone: string;
  clientEmail?: string | null | undefined;
  acres: number;
  amountPaid: number;
  paymentPlan: SalePaymentPlan;
  /** 'YYYY-MM-DD' */
  transactionDate: string;
};

/**
 * proofImagePath is SPEC 5's optional sale proof; `proof` is what the object store knows
 * about it (looked up by the caller), judged here as for payment proofs.
 */
export type ReportSale = {
  type: 'ReportSale';
  saleId: string;
  sale: SaleDetails;
  proofImagePath?: string | null | undefined;
  proof?: UploadedProof | null | undefined;
  now: Date;
  /** The business terms in force (SPEC's when not given): a sale is at most the project's acres. */
  terms?: BusinessTerms | undefined;
};

/** decidedBy is the admin's username. */
export type VerifySale = { type: 'VerifySale'; saleId: string; notes: string; decidedBy: string; now: Date };
export type RejectSale = { type: 'RejectSale'; saleId: string; notes: string; decidedBy: string; now: Date };

/** The admin stops the affiliate from reporting sales, saying why. */
export type SuspendAffiliate = { type: 'SuspendAffiliate'; reason: string; decidedBy: string; now: Date };
export type ReactivateAffiliate = { type: 'ReactivateAffiliate'; notes: string; decidedBy: string; now: Date };

export type AffiliateCommand = RegisterAffiliate | ReportSale | VerifySale | RejectSale | SuspendAffiliate | ReactivateAffiliate;
