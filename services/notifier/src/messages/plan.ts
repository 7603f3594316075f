// Event → the messages it causes. Pure: the same event, address book and settings always
// give the same messages with the same idempotency keys, which is what lets a replay or
// a restart recognise what it already queued.

import type { DomainEvent, PayoutBatchCreatedData, PayoutBatchPaidData, SlotReservedData } from '@acres/contracts/events';
import { ERASED } from '@acres/contracts/personal-data';
import type { Contact, ContactBook } from './contacts.ts';
import { PURPOSE_OF_KIND, toNotificationId, type MessageIntent } from './intent.ts';
import { renderEmail } from './email-layout.ts';
import { FOOTER, type Draft } from './templates/build.ts';
import type { UnsubscribeLinks } from './unsubscribe-links.ts';
import { adminNewLead, leadConfirmation } from './templates/lead.ts';
import { adminNewApplication, applicationReceived } from './templates/application.ts';
import { adminNewPaymentProof, paymentDecided, paymentProofReceived } from './templates/payment.ts';
import { emailVerification, existingAccountSignUp, passwordReset } from './templates/account.ts';
import { phoneVerificationCode } from './templates/phone.ts';
import { staffInvitation } from './templates/staff.ts';
import { materialsSent } from './templates/materials.ts';
import { affiliateWelcome, commissionPaid, saleRejected, saleVerified } from './templates/affiliate.ts';
import type { AddressDigest } from '@acres/eventstore/protect';

export type PlanSettings = {
  /** Where the admin's alerts go; without it they are kept in the local outbox, addressed to 'admin'. */
  adminEmail: string | null;
  publicUrl: string | null;
  /** Signs the links in messages (password reset); the command API checks them with the same secret. */
  linkSigningSecret: string;
  /** A marketing email's unsubscribe links; without them (no PUBLIC_URL) the email has none. */
  unsubscribeLinks?: ((email: string) => UnsubscribeLinks) | null;
  /** The key vault's addressDigest: names a message's recipient in its id, and its suppressions. */
  addressDigest: AddressDigest;
};

export const ADMIN_OUTBOX_RECIPIENT = 'admin';

const withEmail = (contact: Contact | undefined): (Contact & { email: string }) | null =>
  contact?.email ? { ...contact, email: contact.email } : null;

/** The affiliates a payout batch pays, for the address book. */
export const payoutContactKeys = (batch: PayoutBatchCreatedData): string[] => [
  ...new Set(batch.items.map((item) => `affiliate:${item.affiliateId}`)),
];

/** One email per affiliate in the batch: their total and the bank transfer's reference. */
const commissionPaidDrafts = (paid: PayoutBatchPaidData, batch: PayoutBatchCreatedData | undefined, contacts: ContactBook) => {
  if (!batch || batch.batchId !== paid.batchId) return [];
  const shares = new Map<string, { amount: number; commissions: number }>();
  for (const item of batch.items) {
    const share = shares.get(item.affiliateId) ?? { amount: 0, commissions: 0 };
    shares.set(item.affiliateId, { amount: share.amount + item.amount, commissions: share.commissions + 1 });
  }
  return [...shares].flatMap(([affiliateId, share]) => {
    const to = withEmail(contacts.get(`affiliate:${affiliateId}`));
    return to ? [commissionPaid({ ...share, transferReference: paid.transferReference, paidAt: paid.paidAt }, to)] : [];
  });
};

const draftsFor = (
  event: DomainEvent,
  contacts: ContactBook,
  settings: PlanSettings,
  payoutBatch: PayoutBatchCreatedData | undefined,
  lead: SlotReservedData | undefined,
  packageReady: boolean,
): Draft[] => {
  const admin = settings.adminEmail ?? ADMIN_OUTBOX_RECIPIENT;
  switch (event.type) {
    case 'SlotReserved':
      return [...leadConfirmation(event.data, packageReady), adminNewLead(event.data, admin)];
    case 'ApplicationSubmitted':
      return [applicationReceived(event.data), adminNewApplication(event.data, admin)];
    case 'PaymentProofSubmitted': {
      const investor = contacts.get(`user:${event.data.userId}`);
      const to = withEmail(investor);
      return [...(to ? [paymentProofReceived(event.data, to)] : []), adminNewPaymentProof(event.data, investor, admin)];
    }
    case 'PaymentApproved':
    case 'PaymentRejected': {
      const to = withEmail(contacts.get(`user:${event.data.userId}`));
      const decision = event.type === 'PaymentApproved' ? 'approved' : 'rejected';
      return to ? [paymentDecided({ decision, payment: event.data, investor: to })] : [];
    }
    case 'AffiliateRegistered':
      return event.data.email ? [affiliateWelcome(event.data, settings.publicUrl)] : [];
    case 'SaleVerified':
    case 'SaleRejected': {
      const key = event.data.affiliateId ? `affiliate:${event.data.affiliateId}` : `sale:${event.data.saleId}`;
      const to = withEmail(contacts.get(key));
      if (!to) return [];
      return [event.type === 'SaleVerified' ? saleVerified(event.data, to) : saleRejected(event.data, to)];
    }
    case 'PayoutBatchPaid':
      return commissionPaidDrafts(event.data, payoutBatch, contacts);
    case 'PasswordResetRequested': {
      const to = withEmail(contacts.get(`user:${event.data.userId}`));
      if (!to) return [];
      const { publicUrl, linkSigningSecret } = settings;
      return [passwordReset({ reset: event.data, to, publicUrl, linkSigningSecret })];
    }
    case 'EmailVerificationRequested': {
      // To the address the link proves, whatever the address book says now; none once it is erased.
      if (event.data.email === ERASED) return [];
      const name = contacts.get(`user:${event.data.userId}`)?.name ?? null;
      const { publicUrl, linkSigningSecret } = settings;
      return [emailVerification({ verification: event.data, name, publicUrl, linkSigningSecret })];
    }
    case 'ExistingAccountSignUpAttempted': {
      const to = withEmail(contacts.get(`user:${event.data.userId}`));
      return to ? [existingAccountSignUp({ attempt: event.data, to, publicUrl: settings.publicUrl })] : [];
    }
    // To the address the owner invited: the link is the way in, so only that address gets it.
    case 'StaffInvited': {
      const { publicUrl, linkSigningSecret } = settings;
      return [staffInvitation({ invitation: event.data, publicUrl, linkSigningSecret })];
    }
    // To the number being confirmed, not the account's: that is the point of the code.
    case 'MaterialsSent': {
      if (!lead || lead.leadId !== event.data.leadId) return [];
      const { publicUrl, linkSigningSecret } = settings;
      return materialsSent({ sent: event.data, lead, publicUrl, linkSigningSecret });
    }
    case 'PhoneVerificationRequested':
      return [phoneVerificationCode({ request: event.data, linkSigningSecret: settings.linkSigningSecret })];
    default:
      return [];
  }
};

/** The draft's purpose, and for a marketing email its unsubscribe footer link and header URL. */
const finish = (draft: Draft, position: bigint, settings: PlanSettings): MessageIntent => {
  const { email, ...message } = draft;
  const purpose = PURPOSE_OF_KIND[draft.kind];
  const links = purpose === 'marketing' && email ? (settings.unsubscribeLinks?.(draft.recipient) ?? null) : null;
  const rendered = links && email ? renderEmail({ ...email, footer: FOOTER, unsubscribeHref: links.page }) : null;
  return {
    ...message,
    ...(rendered ?? {}),
    purpose,
    unsubscribeUrl: links?.oneClick ?? null,
    id: toNotificationId({ position, channel: draft.channel, recipient: draft.recipient, addressDigest: settings.addressDigest }),
  };
};

export const planMessages = (options: {
  event: DomainEvent;
  position: bigint;
  contacts: ContactBook;
  settings: PlanSettings;
  /** For PayoutBatchPaid: the batch it pays (its PayoutBatchCreated), which lists the commissions. */
  payoutBatch?: PayoutBatchCreatedData;
  /** For MaterialsSent: the lead's reservation (its SlotReserved), which holds the addresses. */
  lead?: SlotReservedData;
  /** For SlotReserved: whether the room held a document before it (the package's promise). */
  packageReady?: boolean;
}): MessageIntent[] => {
  const { event, contacts, settings } = options;
  const drafts = draftsFor(event, contacts, settings, options.payoutBatch, options.lead, options.packageReady ?? false);
  const intents = drafts.map((draft) => finish(draft, options.position, options.settings));
  // The admin may also be the lead: one message per (event, channel, recipient), as the key says.
  return intents.filter((intent, index) => intents.findIndex((other) => other.id === intent.id) === index);
};
