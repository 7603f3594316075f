import type { NotificationChannel, NotificationTransport } from '@acres/contracts/events';
import type { WhatsappTemplate } from '../messages/intent.ts';

/** A message as a transport delivers it (a notifications row). */
export type OutgoingMessage = {
  id: string;
  kind: string;
  channel: NotificationChannel;
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  whatsappTemplate: WhatsappTemplate | null;
  /** A marketing email's one-click unsubscribe URL: the List-Unsubscribe headers (RFC 8058). */
  unsubscribeUrl: string | null;
};

export type Delivery = { providerMessageId: string | null };

export type Transport = {
  name: NotificationTransport;
  /** Throws when the message was not accepted; the job is then retried with back-off. */
  send(message: OutgoingMessage): Promise<Delivery>;
  close(): Promise<void>;
};

/** A provider's refusal, with its answer, for the sent-log and the Outbox tab. */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
}

const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * Phone numbers are stored in E.164 ('+2348031234567'). Termii's send endpoint takes the
 * international number without the '+' ('2348031234567', as its SDKs send it) and so does the
 * WhatsApp Cloud API's `to`; anything that is not E.164 is refused rather than sent to a
 * number the provider would read differently (a local '0803…' is not routable abroad).
 */
export const digitsOf = (e164: string) => {
  if (!E164.test(e164)) throw new DeliveryError(`not a phone number in E.164: ${JSON.stringify(e164.slice(0, 40))}`);
  return e164.slice(1);
};
