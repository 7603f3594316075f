import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@acres/platform/config';
import { CommandApiConfigSchema } from '../config.ts';
import { toConsentWebhookSecrets } from './config.ts';

const DATABASE_URL = 'postgres://acres:secret@localhost:5432/acres';

describe('the consent webhooks’ configuration', () => {
  it('leaves every webhook off when its secret is unset or blank', () => {
    const config = parseConfig(CommandApiConfigSchema, { DATABASE_URL, WHATSAPP_APP_SECRET: ' ' });
    expect(toConsentWebhookSecrets(config)).toEqual({ whatsappAppSecret: null, whatsappVerifyToken: null, termiiSecret: null });
  });

  it('reads the three secrets', () => {
    const config = parseConfig(CommandApiConfigSchema, {
      DATABASE_URL,
      WHATSAPP_APP_SECRET: 'meta-app-secret',
      WHATSAPP_WEBHOOK_VERIFY_TOKEN: 'verify-token',
      TERMII_WEBHOOK_SECRET: 'termii-secret',
    });
    expect(toConsentWebhookSecrets(config)).toEqual({
      whatsappAppSecret: 'meta-app-secret',
      whatsappVerifyToken: 'verify-token',
      termiiSecret: 'termii-secret',
    });
  });

  it('names a secret too short to be one', () => {
    const error = (() => {
      try {
        parseConfig(CommandApiConfigSchema, { DATABASE_URL, TERMII_WEBHOOK_SECRET: 'short', WHATSAPP_APP_SECRET: 'x' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((issue) => issue.key).sort()).toEqual([
      'TERMII_WEBHOOK_SECRET',
      'WHATSAPP_APP_SECRET',
    ]);
    expect((error as ConfigError).message).toContain('must be at least 8 characters');
  });
});
