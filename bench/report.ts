// The figures of issue 10 side by side: each row is one figure, its comparison measured in the
// same window, the ratio, the goal and whether this run meets it.

import os from 'node:os';
import path from 'node:path';
import { writeFiguresFile, type Row } from './figures-file.ts';

export type { Row } from './figures-file.ts';

const rows: Row[] = [];

export const record = (row: Row) => {
  rows.push(row);
  console.log(`  => ${row.figure}: ${row.ours} vs ${row.comparison} = ${row.ratio} (goal ${row.goal}: ${metText(row.met)})`);
};

const metText = (met: boolean | null) => (met === null ? 'n/a' : met ? 'yes' : 'NO');

export const median = (values: readonly number[]) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const percentile = (values: readonly number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export const rate = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`;
export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
export const mb = (value: number) => `${Math.round(value)} MB`;
export const ratio = (value: number) => (value >= 10 || value < 0.01 ? value.toPrecision(2) : value.toFixed(3).replace(/0$/, ''));

/** Runs f once per pair and alternates which side goes first, so drift hits both sides alike. */
export const interleave = async <A, B>(pairs: number, a: () => Promise<A>, b: () => Promise<B>) => {
  const as: A[] = [];
  const bs: B[] = [];
  for (let pair = 0; pair < pairs; pair += 1) {
    if (pair % 2 === 0) {
      as.push(await a());
      bs.push(await b());
    } else {
      bs.push(await b());
      as.push(await a());
    }
  }
  return { as, bs };
};

/**
 * Prints the closing table and writes it to docs/bench-figures.md (bench/figures-file.ts), the
 * one place the figures are kept, with the run before it beside it.
 */
export const printSummary = async (run: { scale: number; only: string | null }) => {
  const header: Row = { figure: 'figure', ours: 'ours', comparison: 'comparison', ratio: 'ratio', goal: 'goal', met: null };
  const cells = (row: Row, isHeader = false) => [
    row.figure,
    row.ours,
    row.comparison,
    row.ratio,
    row.goal,
    isHeader ? 'met?' : metText(row.met),
  ];
  const table = [cells(header, true), ...rows.map((row) => cells(row))];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  const line = (values: string[]) => `| ${values.map((value, column) => value.padEnd(widths[column]!)).join(' | ')} |`;
  console.log('\nSummary (issue 10)');
  console.log(line(table[0]!));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const values of table.slice(1)) console.log(line(values));
  const judged = rows.filter((row) => row.met !== null);
  console.log(`\n${judged.filter((row) => row.met).length} of ${judged.length} goals met`);
  const file = await writeFiguresFile({
    finishedAt: new Date(),
    scale: run.scale,
    only: run.only,
    cores: os.availableParallelism(),
    loadAverage: os.loadavg(),
    rows,
  });
  console.log(`written to ${path.relative(process.cwd(), file)}`);
};
