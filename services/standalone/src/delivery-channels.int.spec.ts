// Issue 13: `npm start` runs the notifier with its own transport keys, and GET /api/settings
// tells the site which of them deliver, so the copy never promises a message an unset channel
// would only write to the admin's outbox.
import { PublicSettingsSchema } from '@acres/contracts/settings-reads';
import { describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import { startStandaloneForTest } from '../test/test-server.ts';

const server = useHarness(() =>
  startStandaloneForTest({
    adminUrl: inject('pgAdminUrl'),
    // Never contacted: nothing in this test causes a message.
    env: { SMTP_URL: 'smtp://user:secret@127.0.0.1:9', MAIL_FROM: 'Acres <hello@acres.example>' },
  }),
);

describe('GET /api/settings channels in npm start', () => {
  it('says email delivers when SMTP is configured, and SMS and WhatsApp do not', async () => {
    const response = await fetch(`${server.url}/api/settings`);
    expect(response.status).toBe(200);
    expect(PublicSettingsSchema.parse(await response.json()).channels).toEqual({ email: true, sms: false, whatsapp: false });
  });
});
