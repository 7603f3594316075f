// The providers' inbound-message webhooks, read into consent changes. Only text messages whose
// whole body is a keyword count; everything else in a delivery (status callbacks, other
// messages) is acknowledged and changes nothing.

import { z } from 'zod';
import { readConsentReply } from '@acres/contracts/consent';
import { DomainError } from '@acres/contracts/errors';
import { toNigerianMobileE164 } from '@acres/contracts/phone';
import type { ConsentChange } from './record-consent.ts';

export const BODY_NOT_JSON_MESSAGE = 'The body must be JSON';

/** Parses the raw body; a body that is not JSON is a 400 naming the body. */
export const parseJsonBody = (raw: Buffer): unknown => {
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new DomainError('validation_failed', BODY_NOT_JSON_MESSAGE, [{ field: 'body', message: BODY_NOT_JSON_MESSAGE }]);
  }
};

const refuse = (error: z.ZodError): never => {
  const errors = error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', message: issue.message }));
  throw new DomainError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
};

// WhatsApp Cloud API (Meta's webhook reference): { object: 'whatsapp_business_account',
// entry: [{ id, changes: [{ field: 'messages', value: { messaging_product, metadata, contacts,
// messages: [{ from: '2348031234567', id: 'wamid…', timestamp, type: 'text', text: { body } }],
// statuses: […] } }] }] }. `from` is the sender's number in international digits without '+'.
const WhatsappMessageSchema = z.looseObject({
  from: z.string().min(1).max(32),
  id: z.string().min(1).max(400),
  type: z.string(),
  text: z.looseObject({ body: z.string().max(4096) }).optional(),
});
const WhatsappDeliverySchema = z.looseObject({
  object: z.string().optional(),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(z.looseObject({ value: z.looseObject({ messages: z.array(WhatsappMessageSchema).max(1000).optional() }) }))
          .max(1000),
      }),
    )
    .max(1000),
});

export const readWhatsappReplies = (body: unknown): ConsentChange[] => {
  const parsed = WhatsappDeliverySchema.safeParse(body);
  if (!parsed.success) return refuse(parsed.error);
  const messages = parsed.data.entry.flatMap((entry) => entry.changes.flatMap((change) => change.value.messages ?? []));
  return messages.flatMap((message): ConsentChange[] => {
    const choice = message.type === 'text' && message.text ? readConsentReply(message.text.body) : null;
    if (!choice || !/^[1-9]\d{7,14}$/.test(message.from)) return [];
    return [
      { choice, channel: 'whatsapp', address: `+${message.from}`, source: 'whatsapp-reply', providerMessageId: message.id },
    ];
  });
};

// Termii's inbound-SMS webhook. Termii's public pages found no field list for it; the names
// its SDKs and dashboard use are accepted: the sender as `sender` (or `from`), the text as
// `message` (or `sms`, `text`), the message id as `id` (or `message_id`).
const idSchema = z.union([z.string().min(1).max(400), z.number().int().nonnegative()]);
const TermiiDeliverySchema = z
  .looseObject({
    id: idSchema.optional(),
    message_id: idSchema.optional(),
    sender: z.string().max(40).optional(),
    from: z.string().max(40).optional(),
    message: z.string().max(4096).optional(),
    sms: z.string().max(4096).optional(),
    text: z.string().max(4096).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.id === undefined && value.message_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'is required' });
    if (!value.sender && !value.from) ctx.addIssue({ code: 'custom', path: ['sender'], message: 'is required' });
    if (value.message === undefined && value.sms === undefined && value.text === undefined) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'is required' });
    }
  });

export const readTermiiReply = (body: unknown): ConsentChange[] => {
  const parsed = TermiiDeliverySchema.safeParse(body);
  if (!parsed.success) return refuse(parsed.error);
  const { data } = parsed;
  const choice = readConsentReply(data.message ?? data.sms ?? data.text ?? '');
  // A local '0803…' or '234803…' becomes '+234803…'; a number that is not a Nigerian mobile was never texted by us.
  const address = toNigerianMobileE164(data.sender ?? data.from ?? '');
  if (!choice || !address) return [];
  return [{ choice, channel: 'sms', address, source: 'sms-reply', providerMessageId: String(data.id ?? data.message_id) }];
};
