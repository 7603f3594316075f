// Figure 1: POST /api/leads under the product as shipped against raw single-row INSERTs on the
// same PostgreSQL with the same number of connections, in interleaved pairs.

import autocannon from 'autocannon';
import { measureRawInserts } from './raw-inserts.ts';
import { startStandalone } from './standalone.ts';
import { interleave, median, ms, rate, ratio, record } from './report.ts';
import { LEAD_CONSENT_TEXT } from '@acres/contracts/consent-texts';

export const LEAD = {
  fullName: 'Bench Investor',
  company: 'Bench Capital',
  email: 'bench@example.com',
  phone: '+234 801 234 5678',
  phoneE164: '+2348012345678',
  role: 'Investor',
  intendedAcres: 25,
  commitment: 'Immediately',
  notes: 'benchmark',
  consent: true,
  consentVersion: LEAD_CONSENT_TEXT.version,
  priceBand: '3.5M',
};

// A different valid number per request (+234 803 000 0000 onwards): the phone rule keeps its
// last few hundred answers, and one number sent again and again would measure that cache
// rather than the parse each real visitor's number costs.
let sequence = 0;
const nextPhone = () => {
  const n = sequence++ % 10_000_000;
  return `+234 803 ${String(Math.floor(n / 10_000)).padStart(3, '0')} ${String(n % 10_000).padStart(4, '0')}`;
};

const postLeads = async (url: string, connections: number, durationSeconds: number) => {
  const result = await autocannon({
    url: `${url}/api/leads`,
    connections,
    duration: durationSeconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ ...LEAD, phone: nextPhone() }) }),
      },
    ],
  });
  return {
    perSecond: result['2xx'] / durationSeconds,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
};

export const measureProductCommands = async (options: {
  databaseUrl: string;
  connections: readonly number[];
  durationSeconds: number;
  pairs: number;
}) => {
  const product = await startStandalone({ databaseUrl: options.databaseUrl });
  try {
    await postLeads(product.url, 16, 2); // warm-up: JIT, pool connections, prepared plans
    for (const connections of options.connections) {
      const { as: commands, bs: raw } = await interleave(
        options.pairs,
        () => postLeads(product.url, connections, options.durationSeconds),
        () => measureRawInserts({ databaseUrl: options.databaseUrl, connections, durationMs: options.durationSeconds * 1000 }),
      );
      const ratios = commands.map((command, index) => command.perSecond / raw[index]!.perSecond);
      const failures = commands.reduce((sum, command) => sum + command.failures, 0);
      console.log(`POST /api/leads under the standalone server, ${connections} connections (${options.pairs} interleaved pairs)`);
      commands.forEach((command, index) =>
        console.log(
          `  pair ${index + 1}: commands ${rate(command.perSecond)} p99 ${ms(command.p99)} | raw INSERT ${rate(raw[index]!.perSecond)} p99 ${ms(raw[index]!.p99)} | ratio ${ratio(ratios[index]!)}`,
        ),
      );
      if (failures > 0) {
        console.log(`  ${failures} non-2xx answers or errors`);
        process.exitCode = 1;
      }
      const p99 = median(commands.map((command) => command.p99));
      const goalP99 = connections >= 50;
      const r = median(ratios);
      record({
        figure: `POST /api/leads, product, ${connections} conn`,
        ours: `${rate(median(commands.map((command) => command.perSecond)))} p99 ${ms(p99)}`,
        comparison: `raw INSERT ${rate(median(raw.map((run) => run.perSecond)))} p99 ${ms(median(raw.map((run) => run.p99)))}`,
        ratio: ratio(r),
        goal: goalP99 ? '>= 0.5, p99 < 20 ms' : '>= 0.5',
        met: r >= 0.5 && (!goalP99 || p99 < 20) && failures === 0,
      });
    }
  } finally {
    await product.stop();
  }
};
