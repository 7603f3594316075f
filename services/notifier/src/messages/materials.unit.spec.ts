import { describe, expect, it } from 'vitest';
import { parseEvent } from '@acres/contracts/events';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { readMaterialsLinkToken } from '@acres/platform/signing';
import { redactMessageSecrets } from '@acres/read-models/notifications';
import { planMessages } from './plan.ts';
import { TEST_PLAN_SETTINGS } from '../../test/plan-settings.ts';

const settings = TEST_PLAN_SETTINGS;
const sent = parseEvent('MaterialsSent', SAMPLE_EVENT_DATA.MaterialsSent);
const lead = SAMPLE_EVENT_DATA.SlotReserved;

describe('the materials sent to a lead', () => {
  it('emails and texts a personal link whose token names the link and the lead, as marketing', () => {
    const messages = planMessages({ event: sent, position: 7n, contacts: new Map(), settings, lead });
    expect(messages.map((m) => [m.channel, m.recipient, m.kind, m.purpose])).toEqual([
      ['email', lead.email, 'materials-sent', 'marketing'],
      ['sms', lead.phoneE164, 'materials-sent', 'marketing'],
    ]);
    for (const message of messages) {
      const token = /https:\/\/acres\.example\/materials\?token=([A-Za-z0-9._~%-]+)/.exec(message.text)![1]!;
      expect(readMaterialsLinkToken({ secret: settings.linkSigningSecret, token: decodeURIComponent(token) })).toEqual({
        linkId: SAMPLE_EVENT_DATA.MaterialsSent.linkId,
        leadId: lead.leadId,
      });
      // Nobody but the lead sees the live link (the Outbox, the exports).
      expect(redactMessageSecrets(message.text)).not.toContain(token);
    }
  });

  it('sends nothing without the lead’s reservation (an erased lead) or for another lead', () => {
    expect(planMessages({ event: sent, position: 7n, contacts: new Map(), settings })).toEqual([]);
    const other = { ...lead, leadId: '1c1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f99' };
    expect(planMessages({ event: sent, position: 7n, contacts: new Map(), settings, lead: other })).toEqual([]);
  });
});
