import { describe, expect, it } from 'vitest';
import { describeCommissionStatus, formatAcres, formatDay, formatRate, ordinal, todayIso } from './format';

describe('affiliate display formats', () => {
  it('shows rates in percent from basis points', () => {
    expect([500, 750, 1000].map(formatRate)).toEqual(['5%', '7.5%', '10%']);
  });

  it('shows half acres and the singular', () => {
    expect(formatAcres(1)).toBe('1 acre');
    expect(formatAcres(2.5)).toBe('2.5 acres');
    expect(formatAcres(0.5)).toBe('0.5 acres');
  });

  it('reads a calendar date as that day whatever the time zone', () => {
    expect(formatDay('2025-03-01')).toMatch(/1 Mar 2025/);
    expect(formatDay('nope')).toBe('');
    expect(formatDay(null)).toBe('');
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 10, 11, 12, 13, 21, 22, 25, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '10th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '25th',
      '111th',
    ]);
  });

  it('gives today in the Lagos calendar, whatever the device says', () => {
    expect(todayIso(new Date('2025-01-05T22:59:00Z'))).toBe('2025-01-05');
    expect(todayIso(new Date('2025-01-05T23:30:00Z'))).toBe('2025-01-06');
  });
});

describe('a commission’s payout state', () => {
  it('reads pending, verified, in payout with the batch, and paid with the date and transfer reference', () => {
    expect(describeCommissionStatus({ commissionStatus: 'pending' })).toBe('Pending');
    expect(describeCommissionStatus({ commissionStatus: 'verified' })).toBe('Verified, awaiting payout');
    expect(describeCommissionStatus({ commissionStatus: 'in_payout', payoutReference: 'ACRES-PO-20260630-7C7F6A' })).toBe(
      'In payout · ACRES-PO-20260630-7C7F6A',
    );
    expect(
      describeCommissionStatus({ commissionStatus: 'paid', paidAt: '2026-06-30T23:30:00.000Z', transferReference: 'GTB-0042' }),
    ).toMatch(/^Paid .*2026 · ref GTB-0042$/);
    expect(describeCommissionStatus({ commissionStatus: null })).toBe('');
  });
});
