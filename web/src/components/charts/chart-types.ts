/** One line or set of bars: `key` picks the value out of each point. */
export type ChartSeries = { key: string; label: string; color: string };

/** One period (a week, a month): its short axis label, its full name for the table, and a value per series. */
export type ChartPoint = { label: string; name: string; values: Record<string, number> };

/** A horizontal reference line, e.g. the project's 200 acres. */
export type ChartLimit = { value: number; label: string };

export type ChartFormat = (value: number) => string;

export const formatCount: ChartFormat = (value) => value.toLocaleString('en-NG');
