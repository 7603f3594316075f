import { describe, expect, it } from 'vitest';
import { formatMinutes, formatShare } from './format-minutes';

describe('formatMinutes', () => {
  it.each([
    [0, '0 min'],
    [44.6, '45 min'],
    [60, '1 h'],
    [200, '3 h 20 min'],
    [1440, '1 d'],
    [3120, '2 d 4 h'],
  ])('%s minutes read %s', (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });

  it('rounds a share to a whole percent', () => {
    expect(formatShare(2 / 3)).toBe('67%');
    expect(formatShare(0)).toBe('0%');
  });
});
