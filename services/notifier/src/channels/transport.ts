import type { NotificationTransport } from '@acres/contracts/events';
import type { MessageIntent } from '../messages/intent.ts';

/**
 * A message as a transport delivers it (a notifications row): the intent as rendered, less its
 * purpose (settled before the row was written), with the kind as the row holds it, plain text.
 */
export type OutgoingMessage = Omit<MessageIntent, 'kind' | 'purpose'> & { kind: string };

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
