import { CONTACT } from '@acres/contracts/constants';
import { describe, expect, it } from 'vitest';
import { buildScheduleCallHref, buildWhatsAppHref, SCHEDULE_CALL_SUBJECT } from './lead-links';

describe('the success dialog links', () => {
  it('opens a chat with the product number stating the reserved acres', () => {
    const href = new URL(buildWhatsAppHref(25));
    expect(href.origin + href.pathname).toBe(`https://wa.me/${CONTACT.whatsappNumber}`);
    expect(href.searchParams.get('text')).toContain('reserved 25 acres');
  });

  it('says "1 acre" for a single acre', () => {
    expect(new URL(buildWhatsAppHref(1)).searchParams.get('text')).toContain('reserved 1 acre ');
  });

  it('drafts a mail to the info address with the preset subject', () => {
    const href = buildScheduleCallHref(25);
    expect(href.startsWith(`mailto:${CONTACT.email}?`)).toBe(true);
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(params.get('subject')).toBe(SCHEDULE_CALL_SUBJECT);
    expect(href).not.toContain('+');
  });
});
