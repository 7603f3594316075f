// Issue 14 item 1: `npm start` on a log written before personal fields were sealed seals it
// once, before anything reads or appends, and records that it did.
import { randomUUID } from 'node:crypto';
import { createPostgresEventStore } from '@acres/eventstore';
import { verifyEventLog } from '@acres/eventstore/chain';
import { createPool, type Pool } from '@acres/platform/db';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStandaloneWithPool, stopStandaloneWithPool, TEST_ADMIN, type StandaloneTestServer } from '../test/test-server.ts';

const leadId = randomUUID();
const lead = { ...SAMPLE_EVENT_DATA.SlotReserved, leadId, fullName: 'Adaeze Okonkwo-Before', email: 'adaeze.before@example.ng' };

let server: StandaloneTestServer;
let pool: Pool;

beforeAll(async () => {
  ({ server, pool } = await startStandaloneWithPool({
    adminUrl: inject('pgAdminUrl'),
    // What an older version left: a lead appended by the store without sealing.
    beforeStart: async (databaseUrl) => {
      const oldPool = createPool({ connectionString: databaseUrl, max: 2 });
      const store = createPostgresEventStore({ pool: oldPool, connectionString: databaseUrl, pollIntervalMs: 30_000 });
      const metadata = {
        correlationId: randomUUID(),
        actor: { kind: 'visitor' as const, id: null },
        schemaVersion: 1,
        occurredAt: new Date().toISOString(),
      };
      await store.appendToStream(`lead-${leadId}`, [{ id: randomUUID(), type: 'SlotReserved', data: lead, metadata }], {
        expectedRevision: 'no_stream',
      });
      await store.close();
      await oldPool.end();
    },
    maxConnections: 2,
  }));
});
afterAll(async () => {
  await stopStandaloneWithPool(server, pool);
});

describe('npm start on a log from before issue 14', () => {
  it('seals the personal fields left in clear, keeps the log verifiable, and serves the lead as it was', async () => {
    const rows = (await createPostgresEventStore({ pool }).readStream(`lead-${leadId}`)).map((event) => ({
      row: JSON.stringify(event.data),
    }));
    expect(rows[0]!.row).toContain('"$pii"');
    expect(rows[0]!.row).not.toContain('Adaeze');
    expect(rows[0]!.row).not.toContain('adaeze.before');
    // The renaming of streams named by an address (issue 24) is a rewrite of its own kind.
    const rewrites = await pool.query(
      "SELECT events_rewritten::int, finished_at IS NOT NULL AS finished FROM log_rewrites WHERE kind = 'seal-personal-fields'",
    );
    expect(rewrites.rows).toEqual([{ events_rewritten: 1, finished: true }]);
    expect((await verifyEventLog({ db: pool })).ok).toBe(true);

    const auth = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;
    await expect
      .poll(async () => {
        const response = await fetch(`${server.url}/api/admin/leads`, { headers: { authorization: auth } });
        return (await response.text()).includes('Adaeze Okonkwo-Before');
      })
      .toBe(true);
  });
});
