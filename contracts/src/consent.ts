// Consent and opt-out (issue 13, item 4): the reply keywords, the unsubscribe link's token
// body and the unsubscribe request, shared by the command API, the notifier and the web page.

import { z } from 'zod';

/** Replies that stop marketing messages (the carriers' usual set), case-insensitive and trimmed. */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
/** Replies that start them again. */
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'SUBSCRIBE'] as const;

export type ConsentReply = 'opt-out' | 'opt-in';

/** What a reply's text asks for, or null for any other message (which changes nothing). */
export const readConsentReply = (text: string): ConsentReply | null => {
  const word = text.trim().toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'opt-out';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'opt-in';
  return null;
};

/** The signing context of unsubscribe tokens (a password-reset token never passes as one). */
export const UNSUBSCRIBE_TOKEN_CONTEXT = 'unsubscribe';

/**
 * What an unsubscribe token carries: the channel and the keyed digest of the address it stops
 * marketing to (version 2), never the address itself, so a link forwarded, logged or kept in
 * an old inbox names nobody, and it still works after the address is erased.
 */
const UnsubscribeTokenV2Schema = z.object({
  v: z.literal(2),
  channel: z.literal('email'),
  digest: z.string().regex(/^[0-9a-f]{40}$/, 'must be 40 lower-case hex characters'),
});
/** Version 1 (before issue 24) named the address: such links are still in people's inboxes and still work. */
const UnsubscribeTokenV1Schema = z.object({ channel: z.literal('email'), address: z.string().min(3).max(320) });
export const UnsubscribeTokenBodySchema = z.union([UnsubscribeTokenV2Schema, UnsubscribeTokenV1Schema]);
export type UnsubscribeTokenBody = z.infer<typeof UnsubscribeTokenBodySchema>;

export const encodeUnsubscribeBody = (digest: string): string =>
  JSON.stringify({ v: 2, channel: 'email', digest } satisfies UnsubscribeTokenBody);

export const UNSUBSCRIBE_MESSAGES = {
  token: 'The unsubscribe link is not valid. Please use the link from your latest email.',
  done: "You're unsubscribed from marketing emails. We'll still email you about your own applications and payments.",
} as const;

/**
 * POST /api/unsubscribe?token=…: the link's token is in the URL, as the List-Unsubscribe header
 * gives it (RFC 8058: the mail app POSTs the form `List-Unsubscribe=One-Click` there) and as the
 * page posts it (a JSON object body).
 */
export const UnsubscribeQuerySchema = z.object({
  token: z.string({ error: 'is required' }).min(10, UNSUBSCRIBE_MESSAGES.token).max(512, UNSUBSCRIBE_MESSAGES.token),
});
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuerySchema>;

/** The body: RFC 8058's one-click form says `List-Unsubscribe=One-Click`; the page sends `{}`. */
export const UnsubscribeBodySchema = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() });

export const UnsubscribedSchema = z.object({ channel: z.literal('email'), message: z.string(), position: z.string() });
export type Unsubscribed = z.infer<typeof UnsubscribedSchema>;

/** The answer to a provider's webhook delivery: how many opt-outs and opt-ins it recorded. */
export const WebhookAcceptedSchema = z.object({ received: z.literal(true), recorded: z.number().int().nonnegative() });
export type WebhookAccepted = z.infer<typeof WebhookAcceptedSchema>;
