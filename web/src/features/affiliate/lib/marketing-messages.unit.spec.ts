import { describe, expect, it } from 'vitest';
import { buildMarketingMessages } from './marketing-messages';

describe('the ready-to-send messages', () => {
  const link = 'https://acreswholesale.ng/?ref=TUN7K2PQ';
  const messages = buildMarketingMessages(link);

  it('are one for WhatsApp, one SMS and one email, each with the link', () => {
    expect(messages.map((m) => m.id)).toEqual(['whatsapp', 'sms', 'email']);
    for (const message of messages) expect(message.body).toContain(link);
    expect(messages.find((m) => m.id === 'email')?.subject).toContain('₦3.5M');
  });

  it('quote the offer figures of SPEC 9', () => {
    const email = messages.find((m) => m.id === 'email')!.body;
    for (const figure of ['₦3.5M', '₦7.5M', '200', '10 partners', '20 acres', '₦70M', 'escrow', '45-60 days']) {
      expect(email).toContain(figure);
    }
  });

  it('keep the SMS within two pages of the GSM alphabet', () => {
    const sms = messages.find((m) => m.id === 'sms')!.body;
    expect(sms.length).toBeLessThanOrEqual(306);
    expect(sms).not.toContain('₦');
    expect(sms).toContain('N3.5M');
  });
});
