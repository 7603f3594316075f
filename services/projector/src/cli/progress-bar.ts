// The rebuild's progress on stderr: a bar redrawn in place on a terminal, plain lines
// every few seconds otherwise (logs, CI), with events per second and the time left.

import type { ProgressSink, ProgressUpdate } from '../rebuild/progress.ts';

type Sample = { at: number; done: number };

const WINDOW_MS = 5_000;
const BAR_WIDTH = 24;

export const formatCount = (value: number) => Math.round(value).toLocaleString('en-US');

/** 75 → '1:15', 3725 → '1:02:05'. */
export const formatDuration = (seconds: number) => {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

export type ProgressFigures = { fraction: number | null; rate: number | null; etaSeconds: number | null };

/** Share done, events per second over the last few seconds, and the time left at that rate. */
export const computeFigures = (update: ProgressUpdate, samples: readonly Sample[]): ProgressFigures => {
  const fraction =
    update.total !== null ? (update.total === 0 ? 1 : Math.min(1, update.done / update.total)) : (update.fraction ?? null);
  const first = samples[0];
  const last = samples.at(-1);
  const elapsed = first && last ? (last.at - first.at) / 1000 : 0;
  const rate = first && last && elapsed > 0.2 ? (last.done - first.done) / elapsed : null;
  let etaSeconds: number | null = null;
  if (rate !== null && rate > 0 && update.total !== null) etaSeconds = Math.max(0, update.total - update.done) / rate;
  else if (rate !== null && rate > 0 && fraction !== null && fraction > 0)
    etaSeconds = (update.done / fraction - update.done) / rate;
  return { fraction, rate, etaSeconds };
};

export const formatBarLine = (label: string, update: ProgressUpdate, figures: ProgressFigures) => {
  const { fraction, rate, etaSeconds } = figures;
  const filled = fraction === null ? 0 : Math.round(fraction * BAR_WIDTH);
  const bar = `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}]`;
  const percent = fraction === null ? '  ?  ' : `${(fraction * 100).toFixed(1).padStart(5)}%`;
  const count =
    update.total === null
      ? `${formatCount(update.done)} events`
      : `${formatCount(update.done)}/${formatCount(update.total)} events`;
  const speed = rate === null ? '… ev/s' : `${formatCount(rate)} ev/s`;
  const eta = etaSeconds === null ? 'ETA …' : `ETA ${formatDuration(etaSeconds)}`;
  return `${label} ${bar} ${percent}  ${count}  ${speed}  ${eta}`;
};

export const formatPlainLine = (label: string, update: ProgressUpdate, figures: ProgressFigures) => {
  const { fraction, rate, etaSeconds } = figures;
  const parts = [
    fraction === null ? null : `${(fraction * 100).toFixed(1)}%`,
    update.total === null
      ? `${formatCount(update.done)} events`
      : `${formatCount(update.done)} of ${formatCount(update.total)} events`,
    rate === null ? null : `${formatCount(rate)} events/s`,
    etaSeconds === null ? null : `about ${formatDuration(etaSeconds)} left`,
  ].filter(Boolean);
  return `${label}: ${parts.join(', ')}`;
};

export const createProgressBar = (options: {
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  label: string;
  tty?: boolean;
  /** How often a plain (not a terminal) line is written. */
  plainIntervalMs?: number;
  now?: () => number;
}): ProgressSink => {
  const tty = options.tty ?? Boolean(options.stream.isTTY);
  const now = options.now ?? (() => performance.now());
  const plainIntervalMs = options.plainIntervalMs ?? 2_000;
  const samples: Sample[] = [];
  let latest: ProgressUpdate = { done: 0, total: null };
  let lastDrawAt = -Infinity;
  let drawn = false;
  // The latest update is on screen already: finish() need not repeat it.
  let shown = false;

  const draw = (force: boolean) => {
    const at = now();
    if (!force && at - lastDrawAt < (tty ? 100 : plainIntervalMs)) return;
    lastDrawAt = at;
    shown = true;
    const figures = computeFigures(latest, samples);
    if (tty) options.stream.write(`\r\x1b[K${formatBarLine(options.label, latest, figures)}`);
    else options.stream.write(`${formatPlainLine(options.label, latest, figures)}\n`);
    drawn = true;
  };

  return {
    update: (update) => {
      latest = update;
      shown = false;
      const at = now();
      samples.push({ at, done: update.done });
      while (samples.length > 2 && at - samples[0]!.at > WINDOW_MS) samples.shift();
      draw(false);
    },
    finish: () => {
      if (!shown) draw(true);
      if (tty && drawn) options.stream.write('\n');
    },
  };
};
