import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import { DeliveryError, type Transport } from './transport.ts';

/**
 * Email through any SMTP server. The Message-ID is derived from the idempotency key, so
 * the rare resend after a crash between sending and recording is recognisable as the
 * same message by the recipient's mail system.
 */
export const createSmtpTransport = (options: { url: string; from: string }): Transport => {
  // Pooled: one connection per message costs a TCP and TLS handshake each; the URL's own
  // query (?pool=false, ?maxConnections=) still wins over these defaults.
  const transporter = nodemailer.createTransport({ url: options.url, pool: true, maxConnections: 5 });
  return {
    name: 'smtp',
    send: async (message) => {
      if (message.channel !== 'email') throw new DeliveryError(`smtp cannot send a ${message.channel} message`);
      const digest = createHash('sha256').update(message.id).digest('hex').slice(0, 40);
      const info = await transporter.sendMail({
        from: options.from,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        messageId: `<${digest}@notifier.acres>`,
        headers: {
          'X-Acres-Notification-Id': message.id,
          'X-Acres-Kind': message.kind,
          // RFC 8058 one-click unsubscribe (marketing email only): the mail app POSTs
          // `List-Unsubscribe=One-Click` to this URL, which records the opt-out.
          ...(message.unsubscribeUrl
            ? { 'List-Unsubscribe': `<${message.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
            : {}),
        },
      });
      return { providerMessageId: info.messageId ?? null };
    },
    close: async () => {
      transporter.close();
    },
  };
};
