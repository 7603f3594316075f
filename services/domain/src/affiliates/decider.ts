import {
  computeCommission,
  DEFAULT_BUSINESS_TERMS,
  DEFAULT_COMMISSION_RATE_BPS,
  fieldRuleBreach,
  getCommissionRateBps,
  hasControlCharacter,
  isCalendarDate,
  latestTodayAnywhere,
  SALE_MESSAGES,
  SALE_MIN_AMOUNT,
  SaleAcresSchema,
  saleAcresBreach,
  singleLineMessage,
} from '@acres/contracts';
import { DomainError, type FieldError } from '@acres/contracts/errors';
import { createDecider } from '../decider.ts';
import { throwIfInvalid } from '../validation.ts';
import { emptyToNull } from '../empty-as-null.ts';
import { isProofOf } from '../payments/decider.ts';
import { reactivateAffiliate, suspendAffiliate } from './account-status.ts';
import type { AffiliateCommand, RegisterAffiliate, RejectSale, ReportSale, VerifySale } from './commands.ts';
import {
  AFFILIATE_ALREADY_REGISTERED_MESSAGE,
  AFFILIATE_NOT_ACTIVE_MESSAGE,
  REFERRAL_CODE_FORMAT_MESSAGE,
  REGISTER_AS_AFFILIATE_FIRST_MESSAGE,
  SALE_ALREADY_REPORTED_MESSAGE,
  SALE_NOT_FOUND_MESSAGE,
  SALE_PROOF_NOT_UPLOADED_MESSAGE,
  saleAlreadyDecidedMessage,
} from './messages.ts';
import {
  evolveAffiliate,
  initialAffiliateState,
  type AffiliateEvent,
  type AffiliateState,
  type RegisteredAffiliateState,
} from './state.ts';

/** A code as issued: upper-case, what the referral-code stream names and the attribution lookup rely on. */
export const ISSUED_REFERRAL_CODE_PATTERN = /^[A-Z0-9]{1,10}$/;

// The bank details end up in the payout bank file: each is one line whoever sends the command.
const SINGLE_LINE_FIELDS = [
  ['fullName', 'Full name'],
  ['companyName', 'Company name'],
  ['bankName', 'Bank name'],
  ['accountNumber', 'Account number'],
  ['accountName', 'Account name'],
] as const;

const registerAffiliate = (command: RegisterAffiliate, state: AffiliateState): AffiliateEvent[] => {
  if (state.registered) throw new DomainError('conflict', AFFILIATE_ALREADY_REGISTERED_MESSAGE);
  throwIfInvalid(
    SINGLE_LINE_FIELDS.filter(([field]) => hasControlCharacter(command.profile[field] ?? '')).map(([field, label]) => ({
      field,
      message: singleLineMessage(label),
    })),
  );
  if (!ISSUED_REFERRAL_CODE_PATTERN.test(command.referralCode)) {
    throw new DomainError('validation_failed', REFERRAL_CODE_FORMAT_MESSAGE, [
      { field: 'referralCode', message: REFERRAL_CODE_FORMAT_MESSAGE },
    ]);
  }
  const { profile } = command;
  return [
    {
      type: 'AffiliateRegistered',
      data: {
        affiliateId: command.affiliateId,
        userId: command.userId,
        fullName: profile.fullName,
        email: command.email,
        phone: profile.phone,
        companyName: emptyToNull(profile.companyName),
        bankName: profile.bankName,
        accountNumber: profile.accountNumber,
        accountName: profile.accountName,
        marketingExperience: profile.marketingExperience,
        marketingChannels: profile.marketingChannels,
        referralCode: command.referralCode,
        commissionRateBps: DEFAULT_COMMISSION_RATE_BPS,
        joinedAt: command.now.toISOString(),
      },
    },
  ];
};

const requireRegistered = (state: AffiliateState): RegisteredAffiliateState => {
  if (!state.registered) throw new DomainError('not_found', REGISTER_AS_AFFILIATE_FIRST_MESSAGE);
  return state;
};

/** The contract schema checks the same rules; checked again here because money is computed from these numbers. */
const validateSale = (command: ReportSale, userId: string) => {
  const { sale } = command;
  const errors: FieldError[] = [];
  const acresBreach =
    fieldRuleBreach(SaleAcresSchema, sale.acres) ?? saleAcresBreach(command.terms ?? DEFAULT_BUSINESS_TERMS, sale.acres);
  if (acresBreach) errors.push({ field: 'acres', message: acresBreach });
  if (!Number.isSafeInteger(sale.amountPaid) || sale.amountPaid < SALE_MIN_AMOUNT) {
    errors.push({ field: 'amountPaid', message: SALE_MESSAGES.amountPaid });
  }
  if (!isCalendarDate(sale.transactionDate)) errors.push({ field: 'transactionDate', message: SALE_MESSAGES.transactionDate });
  else if (sale.transactionDate > latestTodayAnywhere(command.now)) {
    errors.push({ field: 'transactionDate', message: SALE_MESSAGES.transactionDateFuture });
  }
  // The proof is optional (SPEC 5); when named it must be an image this affiliate uploaded.
  const path = command.proofImagePath ?? null;
  if (path !== null && (!isProofOf(command.proof ?? null, userId) || command.proof?.objectPath !== path)) {
    errors.push({ field: 'proofImagePath', message: SALE_PROOF_NOT_UPLOADED_MESSAGE });
  }
  throwIfInvalid(errors);
};

const reportSale = (command: ReportSale, state: AffiliateState): AffiliateEvent[] => {
  const affiliate = requireRegistered(state);
  if (affiliate.status !== 'active') throw new DomainError('forbidden', AFFILIATE_NOT_ACTIVE_MESSAGE);
  if (affiliate.sales.has(command.saleId)) throw new DomainError('conflict', SALE_ALREADY_REPORTED_MESSAGE);
  validateSale(command, affiliate.userId);
  const { sale } = command;
  return [
    {
      type: 'SaleReported',
      data: {
        saleId: command.saleId,
        affiliateId: affiliate.affiliateId,
        clientName: sale.clientName,
        clientPhone: sale.clientPhone,
        clientEmail: emptyToNull(sale.clientEmail),
        acres: sale.acres,
        amountPaid: sale.amountPaid,
        paymentPlan: sale.paymentPlan,
        transactionDate: sale.transactionDate,
        ...(command.proofImagePath ? { proofImagePath: command.proofImagePath } : {}),
        reportedAt: command.now.toISOString(),
      },
    },
  ];
};

/** The pending sale the admin is deciding on; unknown and already decided sales are refused. */
const requirePendingSale = (state: AffiliateState, saleId: string) => {
  // A stream without a profile has no sales either: to the admin it is the same unknown sale.
  if (!state.registered) throw new DomainError('not_found', SALE_NOT_FOUND_MESSAGE);
  const sale = state.sales.get(saleId);
  if (!sale) throw new DomainError('not_found', SALE_NOT_FOUND_MESSAGE);
  if (sale.status !== 'pending') throw new DomainError('already_decided', saleAlreadyDecidedMessage(sale.status));
  return { affiliate: state, sale };
};

/**
 * The rate is fixed here, from the tier this very sale reaches (DESIGN 9: the 10th
 * verified sale earns 7.5 %), and stored with the commission so a statement printed
 * later gives the same numbers whatever happens afterwards.
 */
const verifySale = (command: VerifySale, state: AffiliateState): AffiliateEvent[] => {
  const { affiliate, sale } = requirePendingSale(state, command.saleId);
  const verifiedSaleNumber = affiliate.verifiedCount + 1;
  const commissionRateBps = getCommissionRateBps(verifiedSaleNumber);
  const verifiedAt = command.now.toISOString();
  const events: AffiliateEvent[] = [
    {
      type: 'SaleVerified',
      data: {
        saleId: sale.saleId,
        affiliateId: affiliate.affiliateId,
        verifiedSaleNumber,
        commissionRateBps,
        computedCommission: computeCommission(sale.amountPaid, commissionRateBps),
        notes: command.notes,
        verifiedBy: command.decidedBy,
        verifiedAt,
      },
    },
  ];
  if (commissionRateBps !== getCommissionRateBps(verifiedSaleNumber - 1)) {
    events.push({
      type: 'CommissionTierReached',
      data: {
        affiliateId: affiliate.affiliateId,
        rateBps: commissionRateBps,
        verifiedSales: verifiedSaleNumber,
        reachedAt: verifiedAt,
      },
    });
  }
  return events;
};

const rejectSale = (command: RejectSale, state: AffiliateState): AffiliateEvent[] => {
  const { affiliate, sale } = requirePendingSale(state, command.saleId);
  return [
    {
      type: 'SaleRejected',
      data: {
        saleId: sale.saleId,
        affiliateId: affiliate.affiliateId,
        notes: command.notes,
        rejectedBy: command.decidedBy,
        rejectedAt: command.now.toISOString(),
      },
    },
  ];
};

export const affiliateDecider = createDecider<AffiliateCommand, AffiliateEvent, AffiliateState>(
  initialAffiliateState,
  evolveAffiliate,
  {
    RegisterAffiliate: registerAffiliate,
    ReportSale: reportSale,
    VerifySale: verifySale,
    RejectSale: rejectSale,
    SuspendAffiliate: suspendAffiliate,
    ReactivateAffiliate: reactivateAffiliate,
  },
);

export const decideAffiliate = affiliateDecider.decide;
