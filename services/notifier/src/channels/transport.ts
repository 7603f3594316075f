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

/** Phone numbers are stored in E.164 ('+234…'); the providers take the digits alone. */
export const digitsOf = (e164: string) => e164.replace(/^\+/, '');
