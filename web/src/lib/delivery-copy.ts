// What the site may promise about messages (issue 13). SPEC quotes these texts word for word;
// they stay exactly so while every channel they name reaches the person. A channel without a
// transport only writes to the admin's outbox, so the honest text says what will happen
// instead: never a confirmation that is not sent.

import type { DeliveryChannels } from '@acres/contracts/settings-reads';
import { packagePromise, TEAM_CONTACT_PROMISE } from '@acres/contracts/package-promise-texts';

/** While the settings load, nothing is promised. */
const NONE: DeliveryChannels = { email: false, sms: false, whatsapp: false };

const joinWithAnd = (names: readonly string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** The lead's confirmation goes out on every channel; these are the ones that reach the lead. */
const leadConfirmationChannels = (channels: DeliveryChannels) =>
  [channels.whatsapp && 'WhatsApp', channels.sms && 'SMS', channels.email && 'email'].filter(
    (name): name is string => typeof name === 'string',
  );

/**
 * The lead success dialog: SPEC's text needs WhatsApp and SMS; otherwise only what is sent. The
 * materials are promised only while the room holds a document (`packageReady`; not while loading).
 */
export function describeLeadConfirmation(channels: DeliveryChannels = NONE, packageReady = false): string {
  const team = packagePromise(TEAM_CONTACT_PROMISE, packageReady);
  if (channels.whatsapp && channels.sms) return `We've sent confirmation via WhatsApp and SMS. ${team}`;
  const sent = leadConfirmationChannels(channels);
  if (sent.length === 0) return `We've received your reservation. ${team}`;
  return `We've sent confirmation via ${joinWithAnd(sent)}. ${team}`;
}

/** The lead's success toast, by the same rule. */
export function describeLeadReserved(channels: DeliveryChannels = NONE): string {
  const reserved = 'Your slot has been reserved.';
  if (channels.whatsapp && channels.sms) return `${reserved} Check your WhatsApp and SMS for confirmation.`;
  const sent = leadConfirmationChannels(channels);
  return sent.length === 0 ? reserved : `${reserved} Check your ${joinWithAnd(sent)} for confirmation.`;
}

/** The application toast: the confirmation is an email. */
export function describeApplicationReceived(channels: DeliveryChannels = NONE): string {
  const received = 'Your subscription application has been received.';
  return channels.email
    ? `${received} You'll receive a confirmation email shortly.`
    : `${received} Our team will review it and contact you.`;
}

/** The payment proof toast: the decision goes out by email. */
export function describePaymentProofSubmitted(channels: DeliveryChannels = NONE): string {
  const submitted = 'Your payment proof has been submitted for review.';
  return channels.email
    ? `${submitted} You'll be notified once it's processed.`
    : `${submitted} Check your dashboard for the outcome.`;
}

/** The sale report toast: the verdict goes out by email. */
export function describeSaleReported(channels: DeliveryChannels = NONE): string {
  return channels.email ? "You'll be notified once approved" : 'Check your dashboard for the outcome';
}

/** After asking for a password reset link: the same words for every email, and honest about email. */
export function describePasswordResetRequested(channels: DeliveryChannels = NONE): string {
  return channels.email
    ? "If an account exists for that email, we've sent a link to reset your password. It expires in one hour."
    : 'If an account exists for that email, a link to reset your password has been prepared. This site does not send email yet, so the message is held for our team, who will pass it on. The link expires in one hour.';
}

/**
 * After sign-up: the same words for a new email and one that has an account (the answer must
 * not tell which), and honest about email. A new address gets a link to confirm it; an address
 * with an account gets a note saying how to sign in.
 */
export function describeSignUpAccepted(channels: DeliveryChannels = NONE): string {
  return channels.email
    ? "Check your email: we've written to that address with how to continue. If the account is new, the email has a link to confirm the address (it works for 24 hours). You can sign in with your password meanwhile."
    : 'Your request is in. This site does not send email yet, so the message with the link to confirm your address is held for our team, who can confirm the address for you by hand. You can sign in with your password meanwhile.';
}

/** The dashboard's banner while the account's email is not confirmed. */
export function describeEmailUnconfirmed(channels: DeliveryChannels = NONE): string {
  const why =
    'Applications and reservations made with this email elsewhere on the site appear here once you confirm it is yours.';
  return channels.email
    ? `${why} We sent you a link to confirm it; it works for 24 hours.`
    : `${why} This site does not send email yet: ask our team to confirm your address, and they can do it by hand.`;
}
