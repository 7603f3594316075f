import { createPool } from '@acres/platform';

/**
 * The floor we compare commands against: single-row INSERTs of a lead-sized JSON
 * document, each its own transaction, over the same number of connections.
 */
export const measureRawInserts = async (options: { databaseUrl: string; connections: number; durationMs: number }) => {
  const pool = createPool({ connectionString: options.databaseUrl, max: options.connections });
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
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (Date.now() < deadline) {
        await pool.query('INSERT INTO bench_raw (payload) VALUES ($1)', [payload]);
        count += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  return { inserts: count, perSecond: count / seconds };
};
