// Lighthouse at its default (mobile) settings against the product as shipped: a standalone
// server on the bench's PostgreSQL serving the built SPA (precompressed, cached), one Chromium.
// Scores are medians of `runs` audits per page (Lighthouse's own advice against run variance);
// the goal of issue 11 is 95 or more in each category.

import os from 'node:os';
import { createLogger } from '@acres/platform/logger';
import { ensureWebBuilt } from '@acres/standalone/spa';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, record } from './report.ts';
import { startStandalone } from './standalone.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const SHORT: Record<(typeof CATEGORIES)[number], string> = {
  performance: 'perf',
  accessibility: 'a11y',
  'best-practices': 'bp',
  seo: 'seo',
};
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['total-byte-weight', 'bytes'],
] as const;
const GOAL = 95;

type PageResult = {
  scores: Record<string, number>;
  metrics: Record<string, string>;
  failing: string[];
  benchmarkIndex: number;
};

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Lighthouse's own "please run Lighthouse again" failures of the trace, not of the page.
const TRANSIENT = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT']);

const auditOnce = async (port: number, url: string, attempt = 1): Promise<PageResult> => {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError && TRANSIENT.has(lhr.runtimeError.code) && attempt < 3) return auditOnce(port, url, attempt + 1);
  if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
  const metrics = Object.fromEntries(METRICS.map(([id, label]) => [label, lhr.audits[id]?.displayValue ?? '?']));
  // What costs points, so a low score says where to look.
  const failing = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
      .map((audit) => `${SHORT[id]}: ${audit!.id} (${audit!.score})`),
  );
  return { scores, metrics, failing, benchmarkIndex: lhr.environment.benchmarkIndex };
};

export const measureLighthouse = async (options: { databaseUrl: string; paths: string[]; runs: number }) => {
  // The standalone server serves web/dist as it is (WEB_BUILD=skip): build it when stale.
  await ensureWebBuilt(createLogger({ level: 'warn', pretty: false }));
  const server = await startStandalone({ databaseUrl: options.databaseUrl });
  // As root Chromium needs --no-sandbox; headless=new renders as a real window would.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    console.log(`Lighthouse ${options.runs > 1 ? `(median of ${options.runs} runs) ` : ''}at mobile settings, ${server.url}`);
    for (const pagePath of options.paths) {
      const runs: PageResult[] = [];
      for (let run = 0; run < options.runs; run += 1) runs.push(await auditOnce(chrome.port, `${server.url}${pagePath}`));
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((r) => r.scores[id]!))]));
      const middle = runs.find((r) => r.scores.performance === scores.performance) ?? runs[0]!;
      const summary = CATEGORIES.map((id) => `${SHORT[id]} ${scores[id]}`).join(' · ');
      console.log(`  ${pagePath.padEnd(11)} ${summary}`);
      console.log(`  ${''.padEnd(11)} ${METRICS.map(([, label]) => `${label} ${middle.metrics[label]}`).join(', ')}`);
      // Lighthouse scales the main thread's observed work by 4: on a busy host TBT and the paints
      // grow with the load. Its CPU benchmark (about 1,000+ on an idle desktop) tells how busy.
      console.log(
        `  ${''.padEnd(11)} CPU benchmark index ${Math.round(middle.benchmarkIndex)}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
      );
      for (const line of middle.failing) console.log(`  ${''.padEnd(11)} below 0.9: ${line}`);
      const lowest = Math.min(...Object.values(scores));
      record({
        figure: `Lighthouse mobile ${pagePath}`,
        ours: summary,
        comparison: `${GOAL} each`,
        ratio: `min ${lowest}`,
        goal: `>= ${GOAL} in every category`,
        met: lowest >= GOAL,
      });
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
};
