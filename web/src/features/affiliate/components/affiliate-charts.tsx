// The affiliate's two monthly charts (loaded on demand: visx stays out of every other page).

import type { AffiliateCharts as Charts } from '@acres/contracts/charts';
import { formatNaira } from '@acres/contracts/money';
import { ChartFigure } from '@/components/charts/chart-figure';
import type { ChartPoint } from '@/components/charts/chart-types';
import { monthAxisLabel, monthName } from '@/components/charts/period-labels';

const LEADS = [{ key: 'referredLeads', label: 'Referred leads', color: '#1a7a52' }];
const COMMISSION = [{ key: 'commission', label: 'Commission', color: '#d4962a' }];

const compactNaira = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });
const formatNairaTick = (value: number) => `₦${compactNaira.format(value)}`;

const toPoints = (charts: Charts): ChartPoint[] =>
  charts.months.map(({ month, ...values }) => ({ label: monthAxisLabel(month), name: monthName(month), values }));

export function AffiliateCharts({ charts }: { charts: Charts }) {
  const points = toPoints(charts);
  const months = charts.months.length;
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <ChartFigure
        id="chart-referred-leads"
        title="Referred leads per month"
        caption={`Leads that came through your link, per month, last ${months} months (Lagos time)`}
        periodLabel="Month"
        kind="bars"
        points={points}
        series={LEADS}
      />
      <ChartFigure
        id="chart-commission"
        title="Commission per month"
        caption={`Commission on sales verified each month, last ${months} months (Lagos time)`}
        periodLabel="Month"
        kind="bars"
        points={points}
        series={COMMISSION}
        format={formatNaira}
        formatTick={formatNairaTick}
      />
    </div>
  );
}
