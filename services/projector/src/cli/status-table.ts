// `status`: the projections as a table an operator reads at a glance, with what to do
// about a failed one underneath.

import { formatCount } from './progress-bar.ts';
import type { ProjectionProgress } from '@acres/read-models/projection-progress';

const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

const lagEvents = (row: ProjectionProgress) =>
  row.lagEvents === null ? '?' : `${row.lagEventsCapped ? '≥' : ''}${formatCount(row.lagEvents)}`;

const lagSeconds = (row: ProjectionProgress) => (row.lagSeconds === null ? '?' : row.lagSeconds.toFixed(1));

const COLUMNS: { title: string; right?: boolean; value: (row: ProjectionProgress) => string }[] = [
  { title: 'PROJECTION', value: (row) => row.name },
  { title: 'STATE', value: (row) => row.state },
  { title: 'CHECKPOINT', right: true, value: (row) => row.position },
  { title: 'LAG (EVENTS)', right: true, value: lagEvents },
  { title: 'LAG (S)', right: true, value: lagSeconds },
  { title: 'APPLIED', right: true, value: (row) => formatCount(row.eventsApplied) },
  { title: 'LAST ERROR', value: (row) => (row.lastError ? truncate(row.lastError, 60) : '-') },
];

export const formatStatusTable = (rows: readonly ProjectionProgress[], options: { eventStore: string }) => {
  const cells = rows.map((row) => COLUMNS.map((column) => column.value(row)));
  const widths = COLUMNS.map((column, index) => Math.max(column.title.length, ...cells.map((line) => line[index]!.length)));
  const render = (values: readonly string[]) =>
    values
      .map((value, index) => (COLUMNS[index]!.right ? value.padStart(widths[index]!) : value.padEnd(widths[index]!)))
      .join('  ')
      .trimEnd();
  const head = rows.find((row) => row.headPosition !== null)?.headPosition;
  const lines = [
    `Head of the log: ${head ?? 'unknown'} (event store: ${options.eventStore})`,
    '',
    render(COLUMNS.map((column) => column.title)),
    ...cells.map(render),
  ];
  for (const row of rows.filter((candidate) => candidate.state === 'failed')) {
    lines.push(
      '',
      `${row.name} stopped at position ${row.failedPosition} on ${row.failedEventType} ${row.failedEventId ?? ''} (${row.failedAt ?? '?'}):`,
      `  ${row.lastError ?? 'no error recorded'}`,
      `  Once the cause is fixed:  npm run projections -- resume ${row.name}`,
      `  Or park that event:       npm run projections -- skip ${row.name} --position ${row.failedPosition} --reason "…"`,
    );
  }
  const parked = rows.filter((row) => row.parkedEvents > 0);
  if (parked.length > 0) {
    lines.push(
      '',
      `Parked events (projection_dead_letters): ${parked.map((row) => `${row.name} ${row.parkedEvents}`).join(', ')}`,
    );
  }
  const stopped = rows.filter((row) => row.state === 'stopped' || row.state === 'not-started');
  if (stopped.length > 0 && stopped.length === rows.filter((row) => row.state !== 'rebuilding').length) {
    lines.push('', 'No projector is running these projections (npm start, or npm run start -w services/projector).');
  }
  return lines.join('\n');
};
