import { z } from 'zod';

const optionalSecret = (what: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().min(8, `must be at least 8 characters (${what})`).max(512, 'must be at most 512 characters').optional(),
  );

/**
 * The inbound webhooks' secrets (issue 13, item 4), spread into the command API's and the
 * standalone server's configuration. Each unset one turns its webhook off (404 with a problem
 * naming the key), so nothing unsigned is ever accepted.
 */
export const ConsentConfigShape = {
  /** The Meta app's secret: X-Hub-Signature-256 of every WhatsApp Cloud API webhook delivery. */
  WHATSAPP_APP_SECRET: optionalSecret("the Meta app's secret"),
  /** The token typed into Meta's webhook settings; GET /api/webhooks/whatsapp echoes the challenge only for it. */
  WHATSAPP_WEBHOOK_VERIFY_TOKEN: optionalSecret('the webhook verify token'),
  /** Termii's secret key: X-Termii-Signature (HMAC-SHA512) of every inbound-SMS webhook delivery. */
  TERMII_WEBHOOK_SECRET: optionalSecret("Termii's webhook secret key"),
};

export type ConsentConfig = {
  WHATSAPP_APP_SECRET?: string | undefined;
  WHATSAPP_WEBHOOK_VERIFY_TOKEN?: string | undefined;
  TERMII_WEBHOOK_SECRET?: string | undefined;
};

export type ConsentWebhookSecrets = {
  whatsappAppSecret: string | null;
  whatsappVerifyToken: string | null;
  termiiSecret: string | null;
};

export const toConsentWebhookSecrets = (config: ConsentConfig): ConsentWebhookSecrets => ({
  whatsappAppSecret: config.WHATSAPP_APP_SECRET ?? null,
  whatsappVerifyToken: config.WHATSAPP_WEBHOOK_VERIFY_TOKEN ?? null,
  termiiSecret: config.TERMII_WEBHOOK_SECRET ?? null,
});
