// The overview's three charts (loaded on demand: visx stays out of every other page).

import type { AdminCharts as Charts } from '@acres/contracts/charts';
import { ChartFigure } from '@/components/charts/chart-figure';
import type { ChartPoint } from '@/components/charts/chart-types';
import { weekAxisLabel, weekName } from '@/components/charts/period-labels';

const CARD = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
const IN_LAGOS = 'weeks start on Monday, Lagos time';

const ACTIVITY = [
  { key: 'leads', label: 'Leads', color: '#1a7a52' },
  { key: 'applications', label: 'Applications', color: '#d4962a' },
];
const PAYMENTS = [
  { key: 'paymentsSubmitted', label: 'Submitted', color: '#0284c7' },
  { key: 'paymentsApproved', label: 'Approved', color: '#1a7a52' },
];
// Partners (of 10) would lie flat on an acres scale (of 200): the table carries them.
const ACRES = [{ key: 'acresApproved', label: 'Acres approved', color: '#1a7a52' }];
const ALLOCATION = [...ACRES, { key: 'partners', label: 'Partners', color: '#0284c7' }];

const toPoints = (charts: Charts): ChartPoint[] =>
  charts.weeks.map(({ weekStart, ...values }) => ({
    label: weekAxisLabel(weekStart),
    name: weekName(weekStart),
    values,
  }));

export function AdminCharts({ charts }: { charts: Charts }) {
  const points = toPoints(charts);
  const weeks = charts.weeks.length;
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-3 lg:gap-4">
      <ChartFigure
        id="chart-activity"
        className={CARD}
        title="Leads and applications per week"
        caption={`Leads and applications received per week, last ${weeks} weeks (${IN_LAGOS})`}
        periodLabel="Week"
        kind="bars"
        points={points}
        series={ACTIVITY}
      />
      <ChartFigure
        id="chart-payments"
        className={CARD}
        title="Payments per week"
        caption={`Payments submitted and approved per week, last ${weeks} weeks (${IN_LAGOS})`}
        periodLabel="Week"
        kind="bars"
        points={points}
        series={PAYMENTS}
      />
      <ChartFigure
        id="chart-allocation"
        className={`${CARD} md:col-span-2 lg:col-span-1`}
        title="Allocation filling"
        caption={`Acres approved and partners at the end of each week, of ${charts.projectAcres} acres and ${charts.partnerSlots} partner slots (${IN_LAGOS})`}
        periodLabel="Week"
        kind="lines"
        points={points}
        series={ACRES}
        tableSeries={ALLOCATION}
        limit={{ value: charts.projectAcres, label: `${charts.projectAcres} acres` }}
      />
    </div>
  );
}
