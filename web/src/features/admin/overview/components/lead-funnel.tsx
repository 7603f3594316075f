// The funnel lead → contacted → applied → paid as bars, with its table (loaded on demand with
// the other charts: visx stays out of every other page).

import type { LeadMetrics } from '@acres/contracts/lead-pipeline-reads';
import { ChartFigure } from '@/components/charts/chart-figure';
import type { ChartPoint } from '@/components/charts/chart-types';

const STEP_LABELS = { lead: 'Leads', contacted: 'Contacted', applied: 'Applied', paid: 'Paid' } as const;
const SERIES = [{ key: 'leads', label: 'Leads', color: '#1a7a52' }];

export function LeadFunnel({ metrics, className }: { metrics: LeadMetrics; className: string }) {
  const points: ChartPoint[] = metrics.funnel.map((step) => ({
    label: STEP_LABELS[step.step],
    name: STEP_LABELS[step.step],
    values: { leads: step.leads },
  }));
  return (
    <ChartFigure
      id="chart-lead-funnel"
      className={className}
      title="Lead funnel"
      caption={`Leads received ${metrics.from} to ${metrics.to} (Lagos days) and how many were contacted, applied and paid`}
      periodLabel="Step"
      kind="bars"
      points={points}
      series={SERIES}
    />
  );
}
