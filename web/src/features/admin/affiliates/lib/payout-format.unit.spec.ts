import { describe, expect, it } from 'vitest';
import { commissionStatusLabel, formatMonth, lagosToday, recentMonths } from './payout-format';

describe('payout formatting', () => {
  it('labels each commission state and a rejected sale’s none', () => {
    expect(['pending', 'verified', 'in_payout', 'paid'].map((s) => commissionStatusLabel(s as 'paid'))).toEqual([
      'Pending',
      'Verified',
      'In payout',
      'Paid',
    ]);
    expect(commissionStatusLabel(null)).toBe('—');
  });

  it('lists recent Lagos months across a year boundary', () => {
    expect(recentMonths(3, new Date('2026-01-31T23:30:00Z'))).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(formatMonth('2025-03')).toBe('March 2025');
  });

  it('takes today in Lagos, an hour ahead of UTC', () => {
    expect(lagosToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });
});
