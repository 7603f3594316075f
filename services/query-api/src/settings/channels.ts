// Which notifier channels really reach a person (GET /api/settings `channels`). The notifier
// refuses to start with half a transport (refineNotifierConfig), so one key of each pair tells.

import type { DeliveryChannels } from '@acres/contracts/settings-reads';
import { z } from 'zod';

/** The notifier's transport keys, as the standalone server reads them. */
export type TransportKeys = {
  SMTP_URL?: string | undefined;
  TERMII_API_KEY?: string | undefined;
  WHATSAPP_TOKEN?: string | undefined;
};

export const toDeliveryChannels = (keys: TransportKeys): DeliveryChannels => ({
  email: Boolean(keys.SMTP_URL),
  sms: Boolean(keys.TERMII_API_KEY),
  whatsapp: Boolean(keys.WHATSAPP_TOKEN),
});

const flag = z.preprocess(
  (value) => (value === '' || value === undefined ? 'false' : value),
  z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true'),
);

/**
 * The query API deployed on its own never sees the notifier's secrets: the deployment sets
 * these flags from the same keys (docker-compose: `${SMTP_URL:+true}`).
 */
export const DeliveryChannelsConfigShape = {
  NOTIFY_EMAIL_DELIVERS: flag,
  NOTIFY_SMS_DELIVERS: flag,
  NOTIFY_WHATSAPP_DELIVERS: flag,
};

export const deliveryChannelsFromFlags = (config: {
  NOTIFY_EMAIL_DELIVERS: boolean;
  NOTIFY_SMS_DELIVERS: boolean;
  NOTIFY_WHATSAPP_DELIVERS: boolean;
}): DeliveryChannels => ({
  email: config.NOTIFY_EMAIL_DELIVERS,
  sms: config.NOTIFY_SMS_DELIVERS,
  whatsapp: config.NOTIFY_WHATSAPP_DELIVERS,
});
