import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createPostgresEventStore, type EventStore } from '@acres/eventstore';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runAuditCli } from './run-audit-cli.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const TSX = `${ROOT}node_modules/.bin/tsx`;
const CLI = `${ROOT}services/projector/src/audit-cli.ts`;

/** `npm run audit -- <args>` as a real process: its exit code and output. */
const audit = async (databaseUrl: string, args: string[]) => {
  try {
    const { stdout, stderr } = await run(TSX, [CLI, ...args], { env: { ...process.env, DATABASE_URL: databaseUrl }, cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

const event = (type: string, data: Record<string, unknown>) => ({
  id: randomUUID(),
  type,
  data,
  metadata: {
    correlationId: randomUUID(),
    actor: { kind: 'user' as const, id: null },
    schemaVersion: 1,
    occurredAt: new Date().toISOString(),
  },
});

describe('npm run audit', () => {
  let db: TestDatabase;
  let store: EventStore;
  const paymentStream = `payment-${randomUUID()}`;
  const paymentId = randomUUID();
  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    store = createPostgresEventStore({ pool: db.pool, connectionString: db.url, pollIntervalMs: 30_000 });
    await store.appendToStream(`lead-${randomUUID()}`, [event('SlotReserved', { fullName: 'Ada Obi' })], {
      expectedRevision: 'no_stream',
    });
    await store.appendToStream(
      paymentStream,
      [event('PaymentProofSubmitted', { paymentId, acres: 2, amount: 7_000_000, proofImagePath: '/objects/uploads/p' })],
      { expectedRevision: 'no_stream' },
    );
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('answers 2 with the usage for an unknown command', async () => {
    const result = await audit(db.url, ['verfy']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run audit -- <command>');
  });

  it('records a digest, verifies the log, exits 0 and records the run', async () => {
    const digest = await audit(db.url, ['digest']);
    expect(digest.stdout).toMatch(/Recorded digest [0-9a-f]{16} up to position \d+ \(2 streams\)/);
    const result = await audit(db.url, ['verify']);
    expect(result.stderr).toMatch(/checked 2 events \(\d+ events\/s\)/);
    expect(result.stdout).toContain('OK: every link holds.');
    expect(result.stdout).toMatch(/Latest verified digest: position \d+, [0-9a-f]{16}/);
    expect(result.code).toBe(0);
    const { rows } = await db.pool.query('SELECT ok, events_checked, first_broken FROM log_verifications');
    expect(rows).toEqual([{ ok: true, events_checked: 2, first_broken: null }]);
  });

  it('exits 1 naming the stream, revision, position, type and id of a payment whose amount was edited', async () => {
    const { rows } = await db.pool.query<{ event_id: string; position: string }>(
      `UPDATE events SET data = jsonb_set(data, '{amount}', '70000') WHERE stream_id = $1
       RETURNING event_id::text, global_position::text AS position`,
      [paymentStream],
    );
    const result = await audit(db.url, ['verify']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `BROKEN: Event content does not match its hash: stream ${paymentStream} revision 0 position ${rows[0]!.position} PaymentProofSubmitted event ${rows[0]!.event_id}`,
    );
    const recorded = await db.pool.query(`SELECT ok, first_broken FROM log_verifications ORDER BY id DESC LIMIT 1`);
    expect(recorded.rows[0]).toMatchObject({
      ok: false,
      first_broken: { streamId: paymentStream, revision: '0', eventId: rows[0]!.event_id },
    });
  });

  it('refuses the PostgreSQL-only commands with EVENT_STORE=esdb, exiting 2 and saying only verify runs there', async () => {
    const digests = () => db.pool.query('SELECT count(*)::int AS n FROM log_digests').then(({ rows }) => rows[0] as unknown);
    const before = await digests();
    for (const command of ['digest', 'backfill', 'seal', 'key-streams']) {
      const err: string[] = [];
      const code = await runAuditCli({
        args: [command],
        env: { DATABASE_URL: db.url, EVENT_STORE: 'esdb', ESDB_CONNECTION_STRING: 'esdb://localhost:2113?tls=false' },
        output: { out: (line) => err.push(line), err: (line) => err.push(line) },
      });
      expect(code, command).toBe(2);
      expect(err.join('\n')).toBe(
        `audit: ${command} works on the PostgreSQL event store's table; with EVENT_STORE=esdb only verify runs ` +
          `(each stream's chain; EventStoreDB keeps no log digests: docs/operations.md).`,
      );
    }
    expect(await digests()).toEqual(before);
  });
});
