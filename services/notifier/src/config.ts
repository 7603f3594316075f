// The notifier's environment. Every channel is optional: an unset transport writes its
// messages to the local outbox under DATA_DIR instead, so nothing claims a delivery
// that did not happen. Every bad key is reported at once (parseConfig).

import path from 'node:path';
import { z } from 'zod';
import { BaseConfigSchema, parseConfig, refineEventStore } from '@acres/platform/config';
import { MetricsPortConfigShape } from '@acres/platform/observability-config';
import { LinkSigningConfigShape } from '@acres/platform/signing';

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());
const httpUrl = (what: string) => z.url({ protocol: /^https?$/, error: `must be an http(s) URL ${what}` });

/** The keys shared by the notifier service and the standalone server (which spreads them into its own). */
export const NotifierConfigShape = {
  ...LinkSigningConfigShape,
  /** smtp:// or smtps:// with credentials in the URL; unset = emails go to the local outbox. */
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: optional(z.string().min(3).max(320)),
  TERMII_API_KEY: optional(z.string().min(8, 'must be at least 8 characters')),
  TERMII_SENDER_ID: optional(z.string().min(3, 'must be 3 to 11 characters').max(11, 'must be 3 to 11 characters')),
  TERMII_BASE_URL: z.preprocess(emptyToUndefined, httpUrl('(Termii base URL)').default('https://api.ng.termii.com')),
  WHATSAPP_TOKEN: optional(z.string().min(8, 'must be at least 8 characters')),
  WHATSAPP_PHONE_NUMBER_ID: optional(z.string().regex(/^\d{5,20}$/, 'must be the numeric phone number id')),
  WHATSAPP_BASE_URL: z.preprocess(
    emptyToUndefined,
    httpUrl('(WhatsApp Cloud API base URL)').default('https://graph.facebook.com'),
  ),
  WHATSAPP_API_VERSION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^v\d+\.\d+$/, 'must look like v21.0')
      .default('v21.0'),
  ),
  WHATSAPP_TEMPLATE_LANGUAGE: z.preprocess(emptyToUndefined, z.string().min(2).max(10).default('en')),
  ADMIN_NOTIFY_EMAIL: optional(z.email('must be an email address')),
  /** The site's public origin, for links in messages (referral link, sign-in). */
  PUBLIC_URL: optional(httpUrl('(the site origin)')),
  NOTIFY_RETRY_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int('must be a whole number').min(0).max(20, 'must be at most 20').default(5),
  ),
  NOTIFY_RETRY_DELAY_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int('must be a whole number').min(1).max(3600).default(10),
  ),
  /** How often the admin's time-driven alerts are looked for (waiting over 24 hours, a stopped projection). */
  NOTIFY_SWEEP_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(5, 'must be at least 5 seconds')
      .max(3600, 'must be at most 3600 seconds (an hour)')
      .default(60),
  ),
  /** Deliveries in flight at once (each holds a database connection while it sends). */
  NOTIFY_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int('must be a whole number').min(1).max(32, 'must be at most 32').default(4),
  ),
};

/** Transport keys that only make sense together. */
export const refineNotifierConfig = (
  value: {
    TERMII_API_KEY?: string | undefined;
    TERMII_SENDER_ID?: string | undefined;
    WHATSAPP_TOKEN?: string | undefined;
    WHATSAPP_PHONE_NUMBER_ID?: string | undefined;
    SMTP_URL?: string | undefined;
    MAIL_FROM?: string | undefined;
  },
  ctx: z.RefinementCtx,
) => {
  const pairs = [
    ['TERMII_API_KEY', 'TERMII_SENDER_ID'],
    ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID'],
    ['SMTP_URL', 'MAIL_FROM'],
  ] as const;
  for (const [first, second] of pairs) {
    if (Boolean(value[first]) !== Boolean(value[second])) {
      ctx.addIssue({ code: 'custom', path: [value[first] ? second : first], message: `set ${first} and ${second} together` });
    }
  }
};

export const NotifierConfigSchema = BaseConfigSchema.extend({
  ...NotifierConfigShape,
  ...MetricsPortConfigShape,
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'is required and must be a postgres:// URL' }),
  DATA_DIR: optional(z.string().min(1)),
})
  .superRefine(refineEventStore)
  .superRefine(refineNotifierConfig);

export type NotifierSettings = z.infer<z.ZodObject<typeof NotifierConfigShape>>;
export type NotifierConfig = z.infer<typeof NotifierConfigSchema> & { DATA_DIR: string };

export const readNotifierConfig = (env: Record<string, string | undefined> = process.env): NotifierConfig => {
  const parsed = parseConfig(NotifierConfigSchema, env);
  return { ...parsed, DATA_DIR: path.resolve(parsed.DATA_DIR ?? '.data') };
};

/** The notifier's own keys alone (the standalone server and tests read them this way). */
export const readNotifierSettings = (env: Record<string, string | undefined> = process.env): NotifierSettings =>
  parseConfig(z.object(NotifierConfigShape).superRefine(refineNotifierConfig), env);
