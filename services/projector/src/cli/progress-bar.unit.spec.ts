import { describe, expect, it } from 'vitest';
import { computeFigures, createProgressBar, formatBarLine, formatDuration, formatPlainLine } from './progress-bar.ts';

const capture = (isTTY: boolean) => {
  const chunks: string[] = [];
  return {
    stream: { isTTY, write: (chunk: string) => chunks.push(chunk) > 0 } as unknown as NodeJS.WritableStream & { isTTY: boolean },
    chunks,
  };
};

describe('the progress figures', () => {
  it('take the rate over the recent samples and the time left from it', () => {
    const figures = computeFigures({ done: 30_000, total: 100_000 }, [
      { at: 0, done: 10_000 },
      { at: 2_000, done: 30_000 },
    ]);
    expect(figures).toEqual({ fraction: 0.3, rate: 10_000, etaSeconds: 7 });
  });

  it('know nothing of the rate before a fifth of a second has passed', () => {
    expect(computeFigures({ done: 10, total: 100 }, [{ at: 0, done: 10 }])).toEqual({
      fraction: 0.1,
      rate: null,
      etaSeconds: null,
    });
  });

  it('use the share of the log when the total is not known in events', () => {
    const figures = computeFigures({ done: 500, total: null, fraction: 0.25 }, [
      { at: 0, done: 0 },
      { at: 1_000, done: 500 },
    ]);
    expect(figures).toEqual({ fraction: 0.25, rate: 500, etaSeconds: 3 });
  });

  it('count an empty log as done', () => {
    expect(computeFigures({ done: 0, total: 0 }, []).fraction).toBe(1);
  });
});

describe('the progress line', () => {
  it('on a terminal is a bar with the share, the counts, the speed and the time left', () => {
    const line = formatBarLine('rebuild leads', { done: 250, total: 1_000 }, { fraction: 0.25, rate: 1_234.4, etaSeconds: 75 });
    expect(line).toBe('rebuild leads [██████░░░░░░░░░░░░░░░░░░]  25.0%  250/1,000 events  1,234 ev/s  ETA 1:15');
  });

  it('elsewhere is a sentence, leaving out what is not known yet', () => {
    expect(formatPlainLine('rebuild', { done: 250, total: 1_000 }, { fraction: 0.25, rate: null, etaSeconds: null })).toBe(
      'rebuild: 25.0%, 250 of 1,000 events',
    );
    expect(formatPlainLine('rebuild', { done: 250, total: 1_000 }, { fraction: 0.25, rate: 100, etaSeconds: 7.5 })).toBe(
      'rebuild: 25.0%, 250 of 1,000 events, 100 events/s, about 0:08 left',
    );
  });

  it('formats long durations with hours', () => {
    expect(formatDuration(3_725)).toBe('1:02:05');
    expect(formatDuration(59.6)).toBe('1:00');
  });
});

describe('the progress bar', () => {
  it('redraws one line in place on a terminal and ends it with a newline', () => {
    let now = 0;
    const { stream, chunks } = capture(true);
    const bar = createProgressBar({ stream, label: 'rebuild', now: () => now });
    bar.update({ done: 10, total: 100 });
    now = 50;
    bar.update({ done: 20, total: 100 });
    now = 200;
    bar.update({ done: 40, total: 100 });
    now = 250;
    bar.update({ done: 50, total: 100 });
    bar.finish();
    const lines = chunks.filter((chunk) => chunk.startsWith('\r\x1b[K'));
    // 0 and 200 drawn, 50 and 250 too soon after; finish shows the last one.
    expect(lines).toHaveLength(3);
    expect(lines.at(-1)).toContain('50/100 events');
    expect(chunks.at(-1)).toBe('\n');
  });

  it('writes a plain line every few seconds when stderr is not a terminal', () => {
    let now = 0;
    const { stream, chunks } = capture(false);
    const bar = createProgressBar({ stream, label: 'rebuild', now: () => now, plainIntervalMs: 2_000 });
    for (let step = 1; step <= 50; step += 1) {
      now = step * 100;
      bar.update({ done: step * 10, total: 500 });
    }
    bar.finish();
    expect(chunks.every((chunk) => chunk.endsWith('\n') && !chunk.includes('\r'))).toBe(true);
    expect(chunks.length).toBe(4);
    expect(chunks.at(-1)).toBe('rebuild: 100.0%, 500 of 500 events, 100 events/s, about 0:00 left\n');
  });
});
