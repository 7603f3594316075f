import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatClock,
  formatClockSeconds,
  formatDate,
  formatDateTime,
  formatTime,
  lagosDayIso,
} from './lagos-time.ts';

// 12:20 UTC is 13:20 in Lagos (WAT, UTC+1) whatever zone the machine running this is in.
const INSTANT = '2025-03-02T12:20:00.000Z';

describe('the one Lagos-time formatter', () => {
  it('shows an instant in WAT, labelled', () => {
    expect(formatDateTime(INSTANT)).toBe('2 Mar 2025, 13:20 WAT');
    expect(formatTime(new Date(INSTANT))).toBe('13:20:00 WAT');
  });

  it('names an as-of moment on the Lagos clock: the day, the minute or the second, 24-hour and unlabelled', () => {
    // 23:05:09 UTC on 1 March is 00:05:09 on 2 March in Lagos.
    const nearMidnight = new Date('2025-03-01T23:05:09Z');
    expect(lagosDayIso(nearMidnight)).toBe('2025-03-02');
    expect(formatClock(nearMidnight)).toBe('00:05');
    expect(formatClockSeconds(nearMidnight)).toBe('00:05:09');
    expect(formatClockSeconds('nope')).toBe('');
  });

  it('takes the Lagos day of an instant near midnight', () => {
    // 23:30 UTC on 1 March is already 2 March in Lagos.
    expect(formatDate('2025-03-01T23:30:00Z')).toBe('2 Mar 2025');
  });

  it('keeps a calendar date on its day and spells it out', () => {
    expect(formatDate('2025-03-01')).toBe('1 Mar 2025');
    expect(formatCalendarDate('1985-04-12')).toBe('12 April 1985');
    expect(formatCalendarDate('12/04/1985')).toBe('12/04/1985');
  });

  it('shows nothing for what is not a date', () => {
    expect(formatDateTime('nope')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatCalendarDate('')).toBe('');
  });
});
