import type { AffiliateRegisteredData, SaleRejectedData, SaleVerifiedData } from '@acres/contracts/events';
import { buildReferralLink } from '@acres/contracts/affiliate';
import { formatNaira } from '@acres/contracts/money';
import type { Contact } from '../contacts.ts';
import { emailTo, firstNameOf, formatWat, type Draft } from './build.ts';

/** The site origin plus ?ref= and the code, on the path '/' (as the affiliate dashboard shows it). */
const referralLink = (origin: string, code: string) => buildReferralLink(origin, code).replace('?', '/?');

export const affiliateWelcome = (affiliate: AffiliateRegisteredData, publicUrl: string | null): Draft =>
  emailTo({
    kind: 'affiliate-welcome',
    to: affiliate.email,
    subject: 'Welcome to the Acres affiliate programme',
    content: {
      heading: 'Welcome aboard',
      greeting: `Hi ${firstNameOf(affiliate.fullName)},`,
      blocks: [
        {
          kind: 'paragraph',
          text: 'Your affiliate profile is active. Share your referral link: buyers who arrive through it are credited to you.',
        },
        {
          kind: 'facts',
          rows: [
            ['Referral code', affiliate.referralCode],
            ['Commission', `${affiliate.commissionRateBps / 100}%`],
          ],
        },
        ...(publicUrl
          ? [{ kind: 'button' as const, label: 'Your referral link', href: referralLink(publicUrl, affiliate.referralCode) }]
          : [{ kind: 'paragraph' as const, text: 'Your referral link is on your affiliate dashboard.' }]),
        { kind: 'paragraph', text: 'Commission tiers: 5% standard, 7.5% from your 10th verified sale, 10% from your 25th.' },
      ],
    },
  });

export const saleVerified = (sale: SaleVerifiedData, affiliate: Contact & { email: string }): Draft =>
  emailTo({
    kind: 'sale-verified',
    to: affiliate.email,
    subject: `Sale verified: ${formatNaira(sale.computedCommission)} commission`,
    content: {
      heading: 'Your reported sale was verified',
      greeting: `Hi ${firstNameOf(affiliate.name)},`,
      blocks: [
        {
          kind: 'facts',
          rows: [
            ['Commission', formatNaira(sale.computedCommission)],
            ['Rate', `${sale.commissionRateBps / 100}%`],
            ['Verified', formatWat(sale.verifiedAt)],
          ],
        },
        ...(sale.notes.trim() ? [{ kind: 'note' as const, text: `Notes from our team: ${sale.notes.trim()}` }] : []),
      ],
    },
  });

export const saleRejected = (sale: SaleRejectedData, affiliate: Contact & { email: string }): Draft =>
  emailTo({
    kind: 'sale-rejected',
    to: affiliate.email,
    subject: 'Your reported sale was not verified',
    content: {
      heading: 'Sale not verified',
      greeting: `Hi ${firstNameOf(affiliate.name)},`,
      blocks: [
        { kind: 'paragraph', text: `We could not verify the sale you reported (reviewed ${formatWat(sale.rejectedAt)}).` },
        ...(sale.notes.trim() ? [{ kind: 'note' as const, text: `Notes from our team: ${sale.notes.trim()}` }] : []),
      ],
    },
  });

/** One affiliate's share of a paid payout batch: the sum of their commissions in it. */
export type CommissionPayout = { amount: number; commissions: number; transferReference: string; paidAt: string };

export const commissionPaid = (payout: CommissionPayout, affiliate: Contact & { email: string }): Draft =>
  emailTo({
    kind: 'commission-paid',
    to: affiliate.email,
    subject: `Commission paid: ${formatNaira(payout.amount)}`,
    content: {
      heading: 'Your commission has been paid',
      greeting: `Hi ${firstNameOf(affiliate.name)},`,
      blocks: [
        {
          kind: 'facts',
          rows: [
            ['Amount', formatNaira(payout.amount)],
            ['Commissions', String(payout.commissions)],
            ['Transfer reference', payout.transferReference],
            ['Paid', formatWat(payout.paidAt)],
          ],
        },
        { kind: 'paragraph', text: 'Quote the transfer reference to your bank if the payment has not arrived yet.' },
      ],
    },
  });
