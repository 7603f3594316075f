// The drawing of a chart (visx, SVG): grouped bars or lines over periods. It carries no
// information of its own for assistive technology: the table beside it does.

import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Line, LinePath } from '@visx/shape';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ChartFormat, ChartLimit, ChartPoint, ChartSeries } from './chart-types';

export type SeriesChartProps = {
  kind: 'bars' | 'lines';
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  formatTick: ChartFormat;
  limit?: ChartLimit | undefined;
  height?: number;
};

const MARGIN = { top: 12, right: 16, bottom: 28 };
// Room for the longest value label left of the axis, at about 6.5 px a character.
const leftMargin = (labels: string[]) => 14 + Math.ceil(6.5 * Math.max(2, ...labels.map((label) => label.length)));
const AXIS_COLOR = '#94a3b8';
const LABEL_PROPS = { fill: '#475569', fontSize: 11, fontFamily: 'inherit' } as const;
// A label needs about this many pixels, so a narrow chart labels every second or third period.
const LABEL_WIDTH = 48;

function Plot({ width, kind, points, series, formatTick, limit, height = 200 }: SeriesChartProps & { width: number }) {
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const highest = Math.max(limit?.value ?? 0, ...points.flatMap((point) => series.map((s) => point.values[s.key] ?? 0)));
  const y = scaleLinear<number>({ domain: [0, Math.max(highest, 4)], range: [innerHeight, 0], nice: true });
  const left = leftMargin(y.ticks(4).map(formatTick));
  const innerWidth = Math.max(0, width - left - MARGIN.right);
  const x = scaleBand<string>({ domain: points.map((point) => point.label), range: [0, innerWidth], padding: 0.2 });
  const step = Math.max(1, Math.ceil((points.length * LABEL_WIDTH) / Math.max(innerWidth, 1)));
  const tickValues = points.filter((_, index) => (points.length - 1 - index) % step === 0).map((point) => point.label);
  const groupWidth = x.bandwidth();
  const barWidth = groupWidth / series.length;
  const centre = (label: string) => (x(label) ?? 0) + groupWidth / 2;
  return (
    // As wide as its box, drawn for `width`: until a new width is measured (a frame after the
    // box changes), the drawing scales down rather than pushing past the box or the screen.
    <svg
      width="100%"
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
      className="block"
      data-testid="chart-plot"
    >
      <Group left={left} top={MARGIN.top}>
        {y.ticks(4).map((tick) => (
          <Line key={tick} from={{ x: 0, y: y(tick) }} to={{ x: innerWidth, y: y(tick) }} stroke="#e2e8f0" />
        ))}
        {limit ? (
          <Line
            from={{ x: 0, y: y(limit.value) }}
            to={{ x: innerWidth, y: y(limit.value) }}
            stroke="#b87421"
            strokeDasharray="4 3"
            data-testid="chart-limit"
          />
        ) : null}
        {kind === 'bars'
          ? points.flatMap((point) =>
              series.map((s, index) => {
                const value = point.values[s.key] ?? 0;
                return (
                  <Bar
                    key={`${point.label}-${s.key}`}
                    x={(x(point.label) ?? 0) + index * barWidth}
                    y={y(value)}
                    width={Math.max(1, barWidth - 1)}
                    height={innerHeight - y(value)}
                    fill={s.color}
                    rx={2}
                    data-series={s.key}
                    data-value={value}
                  />
                );
              }),
            )
          : series.map((s) => (
              <g key={s.key}>
                <LinePath
                  data={[...points]}
                  x={(point) => centre(point.label)}
                  y={(point) => y(point.values[s.key] ?? 0)}
                  stroke={s.color}
                  strokeWidth={2.5}
                />
                {points.map((point) => (
                  <circle
                    key={point.label}
                    cx={centre(point.label)}
                    cy={y(point.values[s.key] ?? 0)}
                    r={3}
                    fill={s.color}
                    data-series={s.key}
                    data-value={point.values[s.key] ?? 0}
                  />
                ))}
              </g>
            ))}
        <AxisLeft
          scale={y}
          numTicks={4}
          tickFormat={(value) => formatTick(Number(value))}
          stroke={AXIS_COLOR}
          tickStroke={AXIS_COLOR}
          tickLabelProps={{ ...LABEL_PROPS, textAnchor: 'end', dx: -4, dy: 4 }}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={tickValues}
          stroke={AXIS_COLOR}
          tickStroke={AXIS_COLOR}
          tickLabelProps={{ ...LABEL_PROPS, textAnchor: 'middle' }}
        />
      </Group>
    </svg>
  );
}

/** The width of an element, followed as it changes (0 until it is measured). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** As wide as its container (never wider: no overflow on a phone), `height` pixels tall. */
export function SeriesChart(props: SeriesChartProps) {
  const [ref, width] = useWidth();
  return (
    <div ref={ref} className="w-full min-w-0" style={{ height: props.height ?? 200 }}>
      {width > 0 ? <Plot width={width} {...props} /> : null}
    </div>
  );
}
