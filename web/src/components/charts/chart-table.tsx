import { cn } from '@/lib/cn';
import type { ChartFormat, ChartPoint, ChartSeries } from './chart-types';

export type ChartTableProps = {
  caption: string;
  periodLabel: string;
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  format: ChartFormat;
  className?: string;
  testId?: string;
};

/** The chart's numbers as a table: what a screen reader reads, and what anyone can show instead. */
export function ChartTable({ caption, periodLabel, points, series, format, className, testId }: ChartTableProps) {
  return (
    // Visually hidden, it must not be a scroll region either (axe scrollable-region-focusable).
    <div className={cn('overflow-x-auto [&.sr-only]:overflow-hidden', className)}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-500">
            <th scope="col" className="py-2 pr-3 font-medium">
              {periodLabel}
            </th>
            {series.map((s) => (
              <th key={s.key} scope="col" className="px-3 py-2 text-right font-medium last:pr-0">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.label} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-1.5 pr-3 font-normal whitespace-nowrap text-slate-700">
                {point.name}
              </th>
              {series.map((s) => (
                <td key={s.key} className="px-3 py-1.5 text-right text-slate-900 tabular-nums last:pr-0" data-series={s.key}>
                  {format(point.values[s.key] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
