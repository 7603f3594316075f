import { describe, expect, it } from 'vitest';
import { monthAxisLabel, monthName, weekAxisLabel, weekName } from './period-labels';

describe('chart period labels', () => {
  it('names Lagos weeks by their Monday, whatever the browser’s time zone', () => {
    expect(weekAxisLabel('2026-03-23')).toBe('23 Mar');
    expect(weekName('2026-01-05')).toBe('Week of 5 Jan 2026');
  });

  it('names months, with the year on January’s axis label', () => {
    expect(monthAxisLabel('2026-04')).toBe('Apr');
    expect(monthAxisLabel('2026-01')).toBe('Jan 26');
    expect(monthName('2025-12')).toBe('Dec 2025');
  });
});
