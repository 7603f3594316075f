import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createPostgresEventStore, type EventStore } from '@acres/eventstore';
import { recordLogDigest, verifyEventLog } from '@acres/eventstore/chain';
import type { RecordedEvent } from '@acres/eventstore/port';
import { planSeal, protectEventStore, sealPostgresLog, subjectIdOf, type KeyVault } from '@acres/eventstore/protect';
import { createTestVault, TEST_DATA_MASTER_KEY } from '@acres/eventstore/test';
import { ERASED } from '@acres/contracts/personal-data';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli } from '../../test/cli.ts';
import { newEvent, slotReservedData } from '../../test/harness.ts';
import { appendMixedLog, CLOCK_COLUMNS, readTableRows } from '../../test/rebuild.ts';
import { listRebuildRecipes } from '../rebuild/targets.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** `npm run audit -- <args>` as a real process, with the master key the test vault uses. */
const audit = async (databaseUrl: string, args: string[]) => {
  try {
    const { stdout } = await run(`${ROOT}node_modules/.bin/tsx`, [`${ROOT}services/projector/src/audit-cli.ts`, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_MASTER_KEY: TEST_DATA_MASTER_KEY },
      cwd: ROOT,
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: `${failed.stdout}\n${failed.stderr}` };
  }
};

const readModels = async (db: TestDatabase) => {
  const tables: Record<string, string[]> = {};
  for (const table of listRebuildRecipes().flatMap((recipe) => recipe.liveTables))
    tables[table] = await readTableRows(db.pool, table, { ignore: CLOCK_COLUMNS[table] ?? [] });
  return tables;
};

/** The personal values an event held in clear: long enough to be told apart from anything else in the log. */
const personalValuesOf = (events: readonly RecordedEvent[]) =>
  events.flatMap((event) => {
    const plan = planSeal(event);
    const data = event.data as Record<string, unknown>;
    return (plan?.fields ?? []).flatMap((field) => {
      const value = data[field];
      return typeof value === 'string' && value.length >= 8 ? [value] : [];
    });
  });

describe('npm run audit -- seal: the one-off sealing of a log written before issue 14', () => {
  let db: TestDatabase;
  let bare: EventStore;
  let vault: KeyVault;
  let before: RecordedEvent[];
  let modelsBefore: Record<string, string[]>;
  const erasedLead = randomUUID();

  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl'), poolSize: 20 });
    // Today's log: the store without the protecting wrapper, as every service appended before.
    bare = createPostgresEventStore({ pool: db.pool, connectionString: db.url, pollIntervalMs: 30_000 });
    vault = createTestVault(db.pool);
    await appendMixedLog(bare, { units: 40, unitsPerAppend: 3, concurrency: 4 });
    const lead = slotReservedData(9_001, { leadId: erasedLead, fullName: 'Obiageli Nwankwo-Erased' });
    await bare.appendToStream(`lead-${erasedLead}`, [newEvent('SlotReserved', lead)], { expectedRevision: 'no_stream' });
    await recordLogDigest(db.pool);
    expect(await runCli({ db }, ['rebuild', '--all'])).toMatchObject({ code: 0 });
    modelsBefore = await readModels(db);
    before = await bare.readAll({ maxCount: 10_000 });
  });
  afterAll(async () => {
    await bare?.close();
    await db?.drop();
  });

  it('seals every personal value in place, continuing after a crash, and keeps every commit verifiable', async () => {
    const values = personalValuesOf(before);
    expect(values.length).toBeGreaterThan(200);
    const eventsText = async () =>
      (await db.pool.query<{ row: string }>('SELECT e::text AS row FROM events e')).rows.map((row) => row.row).join('\n');
    const textBefore = await eventsText();
    expect(values.filter((value) => textBefore.includes(value)).length).toBeGreaterThan(200);
    // Erased before its old events were sealed: they must come out unreadable too.
    await vault.destroy([subjectIdOf({ kind: 'lead', id: erasedLead })], { at: new Date() });

    // A crash after the first batches: what was committed is sealed, rehashed, and verifies.
    let batches = 0;
    const crash = new Error('killed midway');
    await expect(
      sealPostgresLog({
        pool: db.pool,
        vault,
        batchSize: 20,
        onProgress: () => {
          batches += 1;
          if (batches === 3) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const midway = await verifyEventLog({ db: db.pool });
    // Only the digest recorded over the old hashes no longer holds; every stream's chain does.
    expect(midway.firstBroken?.kind).toBe('digest-mismatch');
    expect(midway.brokenLinks).toBe(1);

    const sealed = await audit(db.url, ['seal']);
    expect(sealed.stdout).toMatch(/Sealed \d+ events in \d+ streams \(log rewrite 1\)\./);
    expect(sealed.stdout).toMatch(/Set aside 1 digest\(s\) over the old hashes; new digest [0-9a-f]{16} up to position \d+\./);
    expect(sealed.code).toBe(0);

    const text = await eventsText();
    expect(values.filter((value) => text.includes(value))).toEqual([]);
    const { rows } = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE data ? '$pii'`);
    expect(rows[0]!.n).toBe(before.filter((event) => planSeal(event)).length);
  });

  it('reads back exactly the events as they were through the protected store, the erased subject as ERASED', async () => {
    const after = await protectEventStore(bare, vault).readAll({ maxCount: 10_000 });
    const erasedStream = `lead-${erasedLead}`;
    expect(after.filter((event) => event.streamId !== erasedStream)).toEqual(
      before.filter((event) => event.streamId !== erasedStream),
    );
    const [erased] = after.filter((event) => event.streamId === erasedStream);
    const [was] = before.filter((event) => event.streamId === erasedStream);
    expect(erased!.data).toEqual({
      ...(was!.data as object),
      ...Object.fromEntries(planSeal(was!)!.fields.map((field) => [field, ERASED])),
    });
  });

  it('passes npm run audit -- verify with the new digest, and records the rewrite', async () => {
    const verified = await audit(db.url, ['verify']);
    expect(verified.stdout).toContain('OK: every link holds.');
    expect(verified.code).toBe(0);
    const rewrite = await db.pool.query(
      `SELECT id::int, finished_at IS NOT NULL AS finished, events_rewritten::int, digests_superseded,
              digest = (SELECT digest FROM log_digests ORDER BY position DESC LIMIT 1) AS closing_digest
         FROM log_rewrites`,
    );
    expect(rewrite.rows).toEqual([
      {
        id: 1,
        finished: true,
        events_rewritten: before.filter((event) => planSeal(event)).length,
        digests_superseded: 1,
        closing_digest: true,
      },
    ]);
    expect((await db.pool.query('SELECT rewrite_id::int FROM superseded_log_digests')).rows).toEqual([{ rewrite_id: 1 }]);
  });

  it('changes nothing when run again', async () => {
    const hashes = async () =>
      (await db.pool.query<{ h: string }>(`SELECT string_agg(encode(hash, 'hex'), '' ORDER BY global_position) AS h FROM events`))
        .rows[0]!.h;
    const first = await hashes();
    const again = await sealPostgresLog({ pool: db.pool, vault });
    expect(again).toMatchObject({ eventsSealed: 0, streamsRehashed: 0, digestsSuperseded: 0, digest: null });
    expect(await hashes()).toBe(first);
    expect((await verifyEventLog({ db: db.pool })).ok).toBe(true);
  });

  it('rebuilds the same read models from the sealed log', async () => {
    const rebuilt = await runCli({ db }, ['rebuild', '--all']);
    expect(rebuilt.code).toBe(0);
    const models = await readModels(db);
    // The erased lead's row now says so; every other row, count and total is as it was. The
    // audit log also lists this second rebuild.
    const erasedRows = (rows: string[]) => rows.filter((row) => row.includes(erasedLead));
    const comparable = (rows: string[]) => rows.filter((row) => !row.includes('"kind": "projection.'));
    for (const [table, rows] of Object.entries(modelsBefore)) {
      const now = comparable(models[table]!);
      expect(
        now.filter((row) => !row.includes(erasedLead)),
        table,
      ).toEqual(comparable(rows).filter((row) => !row.includes(erasedLead)));
      expect(now.length, table).toBe(comparable(rows).length);
    }
    expect(erasedRows(models.leads!).join('')).not.toContain('Obiageli');
  });
});
