import { describe, expect, it } from 'vitest';
import { ConfigError } from '@acres/platform/config';
import { readNotifierConfig, readNotifierSettings } from './config.ts';

const issuesOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map((issue) => issue.key).sort();
    throw error;
  }
  return [];
};

describe('the notifier configuration', () => {
  it('needs no channel: each unset one writes to the local outbox', () => {
    const settings = readNotifierSettings({});
    expect([settings.SMTP_URL, settings.TERMII_API_KEY, settings.WHATSAPP_TOKEN]).toEqual([undefined, undefined, undefined]);
    expect(settings.TERMII_BASE_URL).toBe('https://api.ng.termii.com');
    expect(settings.WHATSAPP_BASE_URL).toBe('https://graph.facebook.com');
    expect(settings.NOTIFY_SWEEP_SECONDS).toBe(60);
  });

  it('says what is wrong with the sweep interval', () => {
    const messageOf = (value: string) => {
      try {
        readNotifierSettings({ NOTIFY_SWEEP_SECONDS: value });
      } catch (error) {
        if (error instanceof ConfigError) return error.issues.map((issue) => `${issue.key}: ${issue.message}`);
        throw error;
      }
      return [];
    };
    expect(messageOf('2')).toEqual(['NOTIFY_SWEEP_SECONDS: must be at least 5 seconds']);
    expect(messageOf('90.5')).toEqual(['NOTIFY_SWEEP_SECONDS: must be a whole number of seconds']);
    expect(messageOf('soon')).toEqual(['NOTIFY_SWEEP_SECONDS: must be a number of seconds']);
    expect(readNotifierSettings({ NOTIFY_SWEEP_SECONDS: '300' }).NOTIFY_SWEEP_SECONDS).toBe(300);
  });

  it('reports every bad key at once', () => {
    expect(
      issuesOf(() =>
        readNotifierConfig({
          DATABASE_URL: 'mysql://x',
          SMTP_URL: 'http://mail',
          TERMII_BASE_URL: 'ftp://termii',
          WHATSAPP_PHONE_NUMBER_ID: 'abc',
          ADMIN_NOTIFY_EMAIL: 'not-an-email',
          NOTIFY_RETRY_LIMIT: '99',
          NOTIFY_SWEEP_SECONDS: '1',
        }),
      ),
    ).toEqual([
      'ADMIN_NOTIFY_EMAIL',
      'DATABASE_URL',
      // The pairs too: an SMTP URL without MAIL_FROM, a phone number id without its token.
      'MAIL_FROM',
      'NOTIFY_RETRY_LIMIT',
      'NOTIFY_SWEEP_SECONDS',
      'SMTP_URL',
      'TERMII_BASE_URL',
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_TOKEN',
    ]);
  });

  it('asks for the keys that only work together', () => {
    expect(
      issuesOf(() =>
        readNotifierSettings({
          TERMII_API_KEY: 'TLkey-12345',
          WHATSAPP_PHONE_NUMBER_ID: '1065403522',
          SMTP_URL: 'smtp://localhost:25',
        }),
      ),
    ).toEqual(['MAIL_FROM', 'TERMII_SENDER_ID', 'WHATSAPP_TOKEN']);
  });
});
