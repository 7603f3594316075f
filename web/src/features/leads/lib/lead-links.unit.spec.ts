import { describe, expect, it } from 'vitest';
import { buildScheduleCallHref, buildWhatsAppHref, SCHEDULE_CALL_SUBJECT } from './lead-links';

const WHATSAPP = '+2348060001111';
const EMAIL = 'team@example.test';

describe('the success dialog links', () => {
  it('opens a chat with the configured number stating the reserved acres', () => {
    const href = new URL(buildWhatsAppHref(WHATSAPP, 25, '₦4.2M'));
    expect(href.origin + href.pathname).toBe('https://wa.me/2348060001111');
    expect(href.searchParams.get('text')).toContain('reserved 25 acres at the ₦4.2M per acre wholesale price');
  });

  it('says "1 acre" for a single acre', () => {
    expect(new URL(buildWhatsAppHref(WHATSAPP, 1, '₦3.5M')).searchParams.get('text')).toContain('reserved 1 acre ');
  });

  it('drafts a mail to the configured address with the preset subject', () => {
    const href = buildScheduleCallHref(EMAIL, 25);
    expect(href.startsWith(`mailto:${EMAIL}?`)).toBe(true);
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(params.get('subject')).toBe(SCHEDULE_CALL_SUBJECT);
    expect(href).not.toContain('+');
  });
});
