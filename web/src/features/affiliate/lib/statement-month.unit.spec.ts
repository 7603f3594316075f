import { describe, expect, it } from 'vitest';
import { statementMonthOf as monthOf } from '@acres/contracts/affiliate-reads';
import { currentMonth, formatMonth, statementMonths } from './statement-month';

describe('statement months in Lagos time', () => {
  it('takes the month in Lagos, an hour ahead of UTC', () => {
    expect(monthOf(new Date('2025-01-31T22:59:59Z'))).toBe('2025-01');
    expect(monthOf(new Date('2025-01-31T23:00:00Z'))).toBe('2025-02');
    expect(currentMonth(new Date('2024-12-31T23:30:00Z'))).toBe('2025-01');
  });

  it('names a month for people', () => {
    expect(formatMonth('2025-03')).toBe('March 2025');
  });

  it('lists the months from joining to now, newest first, across a year end', () => {
    expect(statementMonths('2024-11-15T10:00:00Z', new Date('2025-02-10T10:00:00Z'))).toEqual([
      '2025-02',
      '2025-01',
      '2024-12',
      '2024-11',
    ]);
  });

  it('offers the current month to someone who joined this month, or whose join date is unreadable', () => {
    const now = new Date('2025-02-10T10:00:00Z');
    expect(statementMonths('2025-02-01T00:00:00Z', now)).toEqual(['2025-02']);
    expect(statementMonths('not a date', now)).toEqual(['2025-02']);
    expect(statementMonths(undefined, now)).toEqual(['2025-02']);
  });

  it('caps a long membership at three years of months', () => {
    const months = statementMonths('2015-01-01T00:00:00Z', new Date('2025-02-10T10:00:00Z'));
    expect(months).toHaveLength(36);
    expect(months[0]).toBe('2025-02');
    expect(months[35]).toBe('2022-03');
  });
});
