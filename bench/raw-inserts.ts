import { createPool } from '@acres/platform';

/**
 * The floor we compare commands against: single-row INSERTs of a lead-sized JSON
 * document, each its own transaction, over the same number of connections.
 */
export const measureRawInserts = async (options: { databaseUrl: string; connections: number; durationMs: number }) => {
  const pool = createPool({ connectionString: options.databaseUrl, max: options.connections });
  // Connect every client first, so the timed window measures INSERTs, not connection set-up.
  await Promise.all(Array.from({ length: options.connections }, () => pool.connect())).then((clients) =>
    clients.forEach((client) => client.release()),
  );
  await pool.query(
    'CREATE TABLE IF NOT EXISTS bench_raw (id bigserial PRIMARY KEY, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
  );
  const payload = JSON.stringify({
    fullName: 'Bench Investor',
    email: 'bench@example.com',
    phone: '+2348012345678',
    role: 'Investor',
    intendedAcres: 25,
    commitment: 'Immediately',
    consent: true,
  });
  const deadline = Date.now() + options.durationMs;
  let count = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (Date.now() < deadline) {
        const sent = performance.now();
        await pool.query('INSERT INTO bench_raw (payload) VALUES ($1)', [payload]);
        latencies.push(performance.now() - sent);
        count += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.ceil(0.99 * latencies.length) - 1)] ?? NaN;
  return { inserts: count, perSecond: count / seconds, p99 };
};
