// A chart with its table alternative: the table is always in the page (visually hidden
// while the chart shows, so screen readers read the numbers), and a toggle shows it instead.

import { BarChart3, Table2 } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { ChartTable } from './chart-table';
import { formatCount, type ChartFormat, type ChartLimit, type ChartPoint, type ChartSeries } from './chart-types';
import { SeriesChart } from './series-chart';

export type ChartFigureProps = {
  /** data-testid of the figure; its table is `${id}-table`. */
  id: string;
  title: string;
  /** The table's caption: what the numbers are, with the period and time zone. */
  caption: string;
  periodLabel: string;
  kind: 'bars' | 'lines';
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  /** The table's columns when they differ from the chart's (default: the same series). */
  tableSeries?: readonly ChartSeries[];
  format?: ChartFormat;
  formatTick?: ChartFormat;
  limit?: ChartLimit;
  className?: string;
};

export function ChartFigure(props: ChartFigureProps) {
  const { id, title, caption, periodLabel, kind, points, series, limit, className } = props;
  const format = props.format ?? formatCount;
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  return (
    <figure className={cn('flex min-w-0 flex-col gap-3', className)} data-testid={id} aria-labelledby={titleId}>
      <div className="flex items-start justify-between gap-2">
        <figcaption id={titleId} className="text-sm font-semibold text-slate-900">
          {title}
        </figcaption>
        <button
          type="button"
          className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
          aria-pressed={asTable}
          onClick={() => setAsTable((value) => !value)}
          data-testid={`${id}-toggle`}
        >
          {asTable ? <BarChart3 className="size-3.5" aria-hidden="true" /> : <Table2 className="size-3.5" aria-hidden="true" />}
          {asTable ? 'Show chart' : 'Show table'}
        </button>
      </div>
      {asTable ? null : (
        // At the bottom of the figure, so charts side by side line up whatever their titles' lengths.
        <div className="mt-auto flex flex-col gap-3">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
            {series.map((s) => (
              <li key={s.key} className="flex items-center gap-1.5">
                <span className="size-2.5 rounded-sm" style={{ backgroundColor: s.color }} />
                {s.label}
              </li>
            ))}
            {limit ? (
              <li className="flex items-center gap-1.5">
                <span className="h-0 w-3 border-t-2 border-dashed border-gold-600" />
                {limit.label}
              </li>
            ) : null}
          </ul>
          <SeriesChart kind={kind} points={points} series={series} formatTick={props.formatTick ?? format} limit={limit} />
        </div>
      )}
      <ChartTable
        caption={caption}
        periodLabel={periodLabel}
        points={points}
        series={props.tableSeries ?? series}
        format={format}
        className={asTable ? undefined : 'sr-only'}
        testId={`${id}-table`}
      />
    </figure>
  );
}
