import { describe, expect, it } from 'vitest';
import { AdminChartsQuerySchema, AffiliateChartsQuerySchema, CHART_MONTHS, CHART_WEEKS } from './charts.ts';

describe('chart queries', () => {
  it('default to 12 weeks and 12 months', () => {
    expect(AdminChartsQuerySchema.parse({})).toEqual({ weeks: CHART_WEEKS.default });
    expect(AffiliateChartsQuerySchema.parse({})).toEqual({ months: CHART_MONTHS.default });
  });

  it('take a whole number in range from the query string', () => {
    expect(AdminChartsQuerySchema.parse({ weeks: '52' })).toEqual({ weeks: 52 });
    expect(AffiliateChartsQuerySchema.parse({ months: '1' })).toEqual({ months: 1 });
  });

  it('refuse anything else, saying why', () => {
    for (const weeks of ['0', '53', '2.5', 'twelve']) expect(AdminChartsQuerySchema.safeParse({ weeks }).success).toBe(false);
    expect(AdminChartsQuerySchema.safeParse({ weeks: '53' }).error?.issues[0]?.message).toBe('weeks must be at most 52');
    expect(AffiliateChartsQuerySchema.safeParse({ months: '25' }).error?.issues[0]?.message).toBe('months must be at most 24');
  });
});
