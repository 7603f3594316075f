// Preload for the profiled server (PROFILE_NODE_ARGS="--import ./bench/count-queries.mjs"):
// counts SQL statements by text, with their mean client-side latency, and the event-loop
// delay, written at exit to QUERY_COUNT_FILE (pg_stat_statements is not available here).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';

// The same pg module instance the server loads (pg is CommonJS, so its prototype is shared).
const pg = createRequire(new URL('../services/platform/package.json', import.meta.url))('pg');
const stats = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  const text = typeof config === 'string' ? config : `${config?.name ? `[${config.name}] ` : ''}${config?.text ?? ''}`;
  const key = text.replace(/\s+/g, ' ').slice(0, 110);
  const entry = stats.get(key) ?? { count: 0, ms: 0 };
  stats.set(key, entry);
  entry.count += 1;
  const started = performance.now();
  const done = () => void (entry.ms += performance.now() - started);
  const wrap =
    (fn) =>
    (...args) => {
      done();
      return fn(...args);
    };
  if (typeof values === 'function') values = wrap(values);
  else if (typeof callback === 'function') callback = wrap(callback);
  const result = query.call(this, config, values, callback);
  if (result && typeof result.then === 'function') result.then(done, done);
  return result;
};

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
process.on('exit', () => {
  const lines = [...stats]
    .sort((a, b) => b[1].count - a[1].count)
    .map(([text, { count, ms }]) => `${count}\t${(ms / count).toFixed(2)} ms\t${text}`);
  const loop = `event loop delay mean ${(delay.mean / 1e6).toFixed(1)} ms p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms`;
  writeFileSync(process.env.QUERY_COUNT_FILE ?? 'queries.txt', `${loop}\n${lines.join('\n')}\n`);
});
