import type { MessageKind, MessageIntent, WhatsappTemplate } from '../intent.ts';
import { renderEmail, type EmailContent } from '../email-layout.ts';
import { formatMediumDateTime } from '@acres/contracts/lagos-time';

/** A message before planning gives it its id, purpose and (for marketing email) unsubscribe link. */
export type Draft = Omit<MessageIntent, 'id' | 'purpose' | 'unsubscribeUrl'> & {
  /** An email's content, so planning can render it again with an unsubscribe footer. */
  email: Omit<EmailContent, 'footer'> | null;
};

export const FOOTER =
  'Acres — wholesale industrial land co-investment. All investor funds are held in a regulated escrow account until title transfer.';
export const OPT_OUT = 'Reply STOP to opt out.';

export const emailTo = (options: {
  kind: MessageKind;
  to: string;
  subject: string;
  content: Omit<EmailContent, 'footer'>;
}): Draft => {
  const { html, text } = renderEmail({ ...options.content, footer: FOOTER });
  return {
    email: options.content,
    kind: options.kind,
    channel: 'email',
    recipient: options.to.toLowerCase(),
    subject: options.subject,
    html,
    text,
    whatsappTemplate: null,
  };
};

export const smsTo = (options: { kind: MessageKind; to: string; text: string }): Draft => ({
  kind: options.kind,
  channel: 'sms',
  recipient: options.to,
  subject: null,
  html: null,
  text: options.text,
  whatsappTemplate: null,
  email: null,
});

export const whatsappTo = (options: { kind: MessageKind; to: string; text: string; template: WhatsappTemplate }): Draft => ({
  kind: options.kind,
  channel: 'whatsapp',
  recipient: options.to,
  subject: null,
  html: null,
  text: options.text,
  whatsappTemplate: options.template,
  email: null,
});

export const firstNameOf = (fullName: string | null) => fullName?.trim().split(/\s+/)[0] ?? 'there';

export const acresText = (acres: number) => `${acres} ${acres === 1 ? 'acre' : 'acres'}`;

/** Times shown to people are Lagos time (DESIGN 10). */
export const formatWat = (iso: string) => formatMediumDateTime(iso);
