import { describe, expect, it } from 'vitest';
import { AdminPaymentsFilterSchema, PAYMENT_AUDIT_MESSAGES } from './payment-audit.ts';
import { messagesAt, parseOrThrow } from '../test/schema-issues.ts';

const investor = '8d2b3c4e-5f60-4718-9a2b-3c4d5e6f7a8b';

describe('the payment audit filter', () => {
  it('takes a search, a status, a Lagos date range and an investor', () => {
    expect(
      parseOrThrow(AdminPaymentsFilterSchema, {
        search: '  ada ',
        status: 'approved',
        from: '2026-01-01',
        to: '2026-01-31',
        investor,
      }),
    ).toEqual({ search: 'ada', status: 'approved', from: '2026-01-01', to: '2026-01-31', investor });
  });

  it("reads blanks and 'all' as no filter", () => {
    expect(parseOrThrow(AdminPaymentsFilterSchema, { search: ' ', status: 'all', from: '', to: ' ' })).toEqual({});
  });

  it('refuses a day that is not a calendar day, naming the field', () => {
    expect(messagesAt(AdminPaymentsFilterSchema, { from: '2026-02-30' }, 'from')).toEqual([
      `from ${PAYMENT_AUDIT_MESSAGES.date}`,
    ]);
    expect(messagesAt(AdminPaymentsFilterSchema, { to: '31/01/2026' }, 'to')).toEqual([`to ${PAYMENT_AUDIT_MESSAGES.date}`]);
  });

  it('refuses a range that ends before it starts', () => {
    expect(messagesAt(AdminPaymentsFilterSchema, { from: '2026-02-02', to: '2026-02-01' }, 'to')).toEqual([
      PAYMENT_AUDIT_MESSAGES.range,
    ]);
  });

  it('refuses an investor that is not an id, an unknown status and a NUL in the search', () => {
    expect(messagesAt(AdminPaymentsFilterSchema, { investor: 'ada' }, 'investor')).toEqual([PAYMENT_AUDIT_MESSAGES.investor]);
    expect(messagesAt(AdminPaymentsFilterSchema, { status: 'lost' }, 'status')).toEqual([PAYMENT_AUDIT_MESSAGES.status]);
    expect(messagesAt(AdminPaymentsFilterSchema, { search: 'a\u0000b' }, 'search')).toEqual([PAYMENT_AUDIT_MESSAGES.searchNul]);
  });
});
