import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@acres/platform/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newEvent } from '../../test/contract/fixtures.ts';
import type { EventStore } from '../port.ts';
import { createPostgresEventStore } from '../postgres/postgres-event-store.ts';
import { createKeyVault, SubjectErasedError, WrongMasterKeyError } from './key-vault.ts';
import { deriveMasterKey } from './master-key.ts';
import { protectEventStore } from './protected-store.ts';
import { subjectIdOf } from './subject-id.ts';

const MASTER = deriveMasterKey('key-vault-spec-master-key-0123456789abcdef');

describe('the subject key vault on PostgreSQL', () => {
  let db: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    db = await createTestDatabase({ adminUrl: inject('pgAdminUrl') });
    store = createPostgresEventStore({ pool: db.pool, connectionString: db.url, pollIntervalMs: 30_000 });
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });
  // Each vault has its own cache, as separate processes do.
  const vault = () => createKeyVault({ pool: db.pool, masterKey: MASTER });

  it('creates one key per subject when many vaults race for it', async () => {
    const subjects = Array.from({ length: 5 }, () => `lead:${randomUUID()}`);
    const answers = await Promise.all(Array.from({ length: 8 }, () => vault().keysFor(subjects, { create: true })));
    for (const subject of subjects) {
      const keys = answers.map((answer) => (answer.get(subject) as Buffer).toString('hex'));
      expect(new Set(keys).size).toBe(1);
    }
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM subject_keys WHERE subject_id = ANY($1)', [subjects]);
    expect(rows[0].n).toBe(5);
    const reread = await vault().keysFor(subjects, { create: false });
    expect((reread.get(subjects[0]!) as Buffer).equals(answers[0]!.get(subjects[0]!) as Buffer)).toBe(true);
  });

  it('keeps a destroyed key destroyed, for every process, even one that never had it', async () => {
    const [withKey, withoutKey] = [`user:${randomUUID()}`, `contact:${randomUUID().replaceAll('-', '')}`];
    const first = vault();
    await first.keysFor([withKey], { create: true });
    const stale = vault();
    await stale.keysFor([withKey], { create: false });
    const at = new Date('2026-11-26T12:00:00Z');
    expect(await first.destroy([withKey, withoutKey], { at })).toEqual([withKey]);
    expect(await first.destroy([withKey, withoutKey], { at })).toEqual([]);
    const other = vault();
    const keys = await other.keysFor([withKey, withoutKey], { create: true });
    expect([keys.get(withKey), keys.get(withoutKey)]).toEqual(['erased', 'erased']);
    stale.forget([withKey]);
    expect((await stale.keysFor([withKey], { create: true })).get(withKey)).toBe('erased');
    const { rows } = await db.pool.query(
      'SELECT subject_id, wrapped_key, destroyed_at FROM subject_keys WHERE subject_id = ANY($1) ORDER BY subject_id',
      [[withKey, withoutKey]],
    );
    expect(rows).toEqual([withKey, withoutKey].sort().map((subject_id) => ({ subject_id, wrapped_key: null, destroyed_at: at })));
  });

  it('destroys a key that another process was creating at that very moment', async () => {
    // A message to the contact is being recorded (its key inserted, not yet committed) as the
    // erasure runs: the erasure must wait for it and destroy that key too, not leave it live.
    const subject = `contact:${randomUUID().replaceAll('-', '')}`;
    const creator = await db.pool.connect();
    try {
      await creator.query('BEGIN');
      await creator.query("INSERT INTO subject_keys (subject_id, wrapped_key, master_key_id) VALUES ($1, '\\x00', 'spec')", [
        subject,
      ]);
      const erasing = vault().destroy([subject], { at: new Date() });
      // The erasure is waiting on the uncommitted key; let the creator commit.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await creator.query('COMMIT');
      expect(await erasing).toEqual([subject]);
    } finally {
      creator.release();
    }
    const { rows } = await db.pool.query('SELECT wrapped_key IS NULL AS destroyed FROM subject_keys WHERE subject_id = $1', [
      subject,
    ]);
    expect(rows).toEqual([{ destroyed: true }]);
  });

  it('names a wrong master key and both key ids', async () => {
    const subject = `affiliate:${randomUUID()}`;
    await vault().keysFor([subject], { create: true });
    const wrong = createKeyVault({ pool: db.pool, masterKey: deriveMasterKey('another-master-key-0123456789abcdefghij') });
    const failure = wrong.keysFor([subject], { create: false });
    await expect(failure).rejects.toThrow(WrongMasterKeyError);
    await expect(failure).rejects.toThrow(/is DATA_MASTER_KEY the one this database was written with\?/);
  });

  it('leaves no plaintext of a sealed field in the events table, and reads it back through the protected store', async () => {
    const protectedStore = protectEventStore(store, vault());
    const leadId = randomUUID();
    const data = {
      leadId,
      fullName: 'Chiamaka Uwaezuoke',
      email: 'chiamaka.uwaezuoke@example.ng',
      phone: '0812 777 4040',
      phoneE164: '+2348127774040',
      notes: 'Met at the Abuja expo',
      intendedAcres: 30,
    };
    const event = newEvent(data, 'SlotReserved');
    await protectedStore.appendToStream(`lead-${leadId}`, [event], { expectedRevision: 'no_stream' });
    const { rows } = await db.pool.query<{ row: string }>('SELECT e::text AS row FROM events e');
    const text = rows.map((row) => row.row).join('\n');
    for (const value of ['Chiamaka', 'Uwaezuoke', '0812 777', '2348127774040', 'Abuja expo']) expect(text).not.toContain(value);
    expect(text).toContain(subjectIdOf({ kind: 'lead', id: leadId }));
    // A row's text doubles the quotes of its jsonb.
    expect(text).toContain('""intendedAcres"": 30');
    const [read] = await protectedStore.readStream(`lead-${leadId}`);
    expect(read!.data).toEqual(data);
  });

  describe('a new subject key written by the append itself (store and vault on one database)', () => {
    const lead = () => {
      const leadId = randomUUID();
      const data = { leadId, fullName: 'Bola Adeyemi', email: 'bola@example.ng', phone: '0803 555 0101', intendedAcres: 5 };
      return { leadId, data, subject: subjectIdOf({ kind: 'lead', id: leadId }), stream: `lead-${leadId}` };
    };
    const keyTransaction = async (subject: string) =>
      (await db.pool.query<{ xid: string }>('SELECT xmin::text AS xid FROM subject_keys WHERE subject_id = $1', [subject]))
        .rows[0]?.xid;
    // Positions are the transaction id (xid8) * 65536 + the index; xmin is its low 32 bits.
    const transactionOf = (position: bigint) => String((position >> 16n) % 2n ** 32n);

    it('stores the key in the transaction of the first event sealed with it, and another process opens it', async () => {
      const { data, subject, stream } = lead();
      const appended = await protectEventStore(store, vault()).appendToStream(stream, [newEvent(data, 'SlotReserved')], {
        expectedRevision: 'no_stream',
      });
      expect(await keyTransaction(subject)).toBe(transactionOf(appended.position));
      const [read] = await protectEventStore(store, vault()).readStream(stream);
      expect(read!.data).toEqual(data);
    });

    it('seals with the key another process stored first, and writes no second one', async () => {
      const { data, subject, stream } = lead();
      const other = vault();
      const stored = (await other.keysFor([subject], { create: true })).get(subject) as Buffer;
      await protectEventStore(store, vault()).appendToStream(stream, [newEvent(data, 'SlotReserved')], {
        expectedRevision: 'no_stream',
      });
      expect((await vault().keysFor([subject], { create: false })).get(subject)).toEqual(stored);
      const [read] = await protectEventStore(store, vault()).readStream(stream);
      expect(read!.data).toEqual(data);
    });

    it('refuses an event about a subject another process erased, and writes nothing', async () => {
      const { data, subject, stream } = lead();
      await vault().destroy([subject], { at: new Date('2026-11-26T12:00:00Z') });
      const append = protectEventStore(store, vault()).appendToStream(stream, [newEvent(data, 'SlotReserved')], {
        expectedRevision: 'no_stream',
      });
      await expect(append).rejects.toThrow(SubjectErasedError);
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('gives each of many concurrent new subjects its own stored key, each opening its events', async () => {
      const leads = Array.from({ length: 12 }, lead);
      const writer = protectEventStore(store, vault());
      await Promise.all(
        leads.map(({ data, stream }) =>
          writer.appendToStream(stream, [newEvent(data, 'SlotReserved')], { expectedRevision: 'no_stream' }),
        ),
      );
      const reader = protectEventStore(store, vault());
      for (const { data, stream } of leads) expect((await reader.readStream(stream))[0]!.data).toEqual(data);
    });
    it('opens a live page of many subjects with one key lookup for a reader whose cache is cold', async () => {
      const leads = Array.from({ length: 40 }, lead);
      const from = await store.readHeadPosition();
      const writer = protectEventStore(store, vault());
      for (const { data, stream } of leads)
        await writer.appendToStream(stream, [newEvent(data, 'SlotReserved')], { expectedRevision: 'no_stream' });
      let lookups = 0;
      // The vault of a process that made none of these keys (a projector of its own), counting its statements.
      const counted = new Proxy(db.pool, {
        get: (target, property, receiver) =>
          property === 'query'
            ? (...args: unknown[]) => {
                lookups += 1;
                return (target.query as (...a: unknown[]) => unknown).apply(target, args);
              }
            : Reflect.get(target, property, receiver),
      });
      const reader = protectEventStore(store, createKeyVault({ pool: counted, masterKey: MASTER }));
      const controller = new AbortController();
      const seen: unknown[] = [];
      let pagesWithEvents = 0;
      // Under load the live tail may hand the 40 events over in more than one page: the
      // promise is one lookup per page, never one per event.
      for await (const page of reader.subscribeToAllPages!({ fromPosition: from, batchSize: 100, signal: controller.signal })) {
        if (page.length > 0) pagesWithEvents += 1;
        seen.push(...page.map((event) => event.data));
        if (seen.length >= leads.length) controller.abort();
      }
      expect(seen).toEqual(leads.map(({ data }) => data));
      expect(lookups).toBe(pagesWithEvents);
      expect(pagesWithEvents).toBeLessThan(leads.length / 2);
    });
  });
});
