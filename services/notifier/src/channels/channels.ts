import path from 'node:path';
import type { NotificationChannel } from '@acres/contracts/events';
import type { NotifierSettings } from '../config.ts';
import { createOutboxTransport } from './outbox.ts';
import { createSmtpTransport } from './smtp.ts';
import { createTermiiTransport } from './termii.ts';
import { createWhatsappTransport } from './whatsapp.ts';
import type { Transport } from './transport.ts';

export type Channels = {
  /** The configured provider of the channel, or the local outbox (also for an admin alert with no address). */
  transportFor(channel: NotificationChannel, recipient: string): Transport;
  close(): Promise<void>;
};

export const outboxDirOf = (dataDir: string) => path.join(dataDir, 'outbox');

export const createChannels = (options: { settings: NotifierSettings; dataDir: string }): Channels => {
  const { settings } = options;
  const outbox = createOutboxTransport({ dir: outboxDirOf(options.dataDir) });
  const email =
    settings.SMTP_URL && settings.MAIL_FROM ? createSmtpTransport({ url: settings.SMTP_URL, from: settings.MAIL_FROM }) : null;
  const sms =
    settings.TERMII_API_KEY && settings.TERMII_SENDER_ID
      ? createTermiiTransport({
          baseUrl: settings.TERMII_BASE_URL,
          apiKey: settings.TERMII_API_KEY,
          senderId: settings.TERMII_SENDER_ID,
        })
      : null;
  const whatsapp =
    settings.WHATSAPP_TOKEN && settings.WHATSAPP_PHONE_NUMBER_ID
      ? createWhatsappTransport({
          baseUrl: settings.WHATSAPP_BASE_URL,
          apiVersion: settings.WHATSAPP_API_VERSION,
          token: settings.WHATSAPP_TOKEN,
          phoneNumberId: settings.WHATSAPP_PHONE_NUMBER_ID,
          language: settings.WHATSAPP_TEMPLATE_LANGUAGE,
        })
      : null;
  const all = [outbox, email, sms, whatsapp].filter((transport) => transport !== null);
  return {
    transportFor: (channel, recipient) => {
      switch (channel) {
        case 'email':
          return email && recipient.includes('@') ? email : outbox;
        case 'sms':
          return sms ?? outbox;
        case 'whatsapp':
          return whatsapp ?? outbox;
        default: {
          const never: never = channel;
          throw new Error(`unknown channel ${String(never)}`);
        }
      }
    },
    close: async () => {
      await Promise.all(all.map((transport) => transport.close()));
    },
  };
};
