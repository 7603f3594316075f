// Business constants of SPEC section 9. Money is in whole naira.

export const WHOLESALE_PRICE_PER_ACRE = 3_500_000;
export const RETAIL_PRICE_PER_ACRE = 7_500_000;
export const SAVINGS_PER_ACRE = 4_000_000;
export const PRICE_BAND = '3.5M' as const;

export const PROJECT_ACRES = 200;
export const PARTNER_SLOTS = 10;
export const PROJECT_ID = 'corridor-200' as const;
/** Every decision of the project in one stream: its limits span all payments, so they need one consistency boundary. */
export const ALLOCATION_STREAM_ID = `allocation-${PROJECT_ID}`;
/** Every payout batch on one stream: its revision is what keeps a commission in one batch. */
export const PAYOUTS_STREAM_ID = 'payouts';

export const LEAD_ACRES = { min: 1, max: 200 } as const;
export const CALCULATOR_ACRES = { default: 25, min: 20, max: 200 } as const;
export const PAYMENT_ACRES = { default: 25, min: 1, max: 200 } as const;
export const FAQ_MINIMUM_ACRES = 20;

export const MAX_UPLOAD_BYTES = 5_242_880;
export const UPLOADER_DEFAULT_MAX_BYTES = 10_485_760;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const TOAST_DURATION_MS = 5000;
export const LOGIN_REDIRECT_DELAY_MS = 1000;
export const COPY_FEEDBACK_MS = 2000;
export const AUTH_USER_STALE_TIME_MS = 300_000;
export const RESPONSE_PROMISE_HOURS = 24;

export const APPLICATION_STEPS = 5;

export const ROLES = ['Developer', 'Realtor', 'Investor'] as const;
export type Role = (typeof ROLES)[number];

export const COMMITMENTS = ['Immediately', '7 days', '14-30 days'] as const;
export type Commitment = (typeof COMMITMENTS)[number];
export const COMMITMENT_LABELS: Readonly<Record<Commitment, string>> = {
  Immediately: 'Immediately',
  '7 days': 'Within 7 days',
  '14-30 days': '14-30 days',
};

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'widowed'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

export const PAYMENT_OPTIONS = ['outright', 'installments'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];

export const MODES_OF_PAYMENT = ['bank_transfer', 'cheque', 'others'] as const;
export type ModeOfPayment = (typeof MODES_OF_PAYMENT)[number];

export const PAYMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SALE_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export const AFFILIATE_STATUSES = ['active', 'suspended', 'inactive'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

export const MARKETING_EXPERIENCE = ['none', 'beginner', 'intermediate', 'expert'] as const;
export type MarketingExperience = (typeof MARKETING_EXPERIENCE)[number];

export const SALE_PAYMENT_PLANS = ['outright', 'installment'] as const;
export type SalePaymentPlan = (typeof SALE_PAYMENT_PLANS)[number];

// Affiliates
export const DEFAULT_COMMISSION_RATE = 5;
export const REFERRAL_CODE_MAX_LENGTH = 10;
export const REFERRAL_QUERY_PARAM = 'ref' as const;
export const SALE_MIN_ACRES = 0.5;
export const SALE_ACRES_STEP = 0.5;
export const SALE_MIN_AMOUNT = 1000;
export const SALE_DEFAULT_ACRES = 1;
export const SALE_DEFAULT_AMOUNT = 500_000;
export const ACCOUNT_NUMBER_LENGTH = 10;

// The escrow account and the contact details are business settings (settings.ts): set by the
// admin, seeded from configuration, never hard-coded.

export { COMMISSION_TIERS, DEFAULT_COMMISSION_RATE_BPS, getCommissionRateBps, bpsToPercent, percentToBps } from './commission.ts';
export type { CommissionTier } from './commission.ts';
export { NIGERIAN_BANKS, FAQ_ITEMS } from './content.ts';
export type { NigerianBank, FaqItem } from './content.ts';
