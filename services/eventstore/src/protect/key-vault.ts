import type { Pool } from '@acres/platform/db';
import type { NewSubjectKey } from '../postgres/append.ts';
import { createAddressDigest, type AddressDigest } from './address-digest.ts';
import { decrypt, encrypt, masterKeyId, newKey } from './cipher.ts';

// The subject keys (infra/migrations/1700000000026_subject-keys.sql), each wrapped with the
// master key and the subject id as additional data. A destroyed key is a row whose wrapped
// key is gone: the subject's ciphertext in the log can never be opened again.

/** A subject's key, or 'erased' once destroyed. */
export type SubjectKey = Buffer | 'erased';

export class SubjectErasedError extends Error {
  override readonly name = 'SubjectErasedError';
  constructor(readonly subjectId: string) {
    super(`The personal data of ${subjectId} has been erased; nothing more can be recorded for it`);
  }
}

export class MissingSubjectKeyError extends Error {
  override readonly name = 'MissingSubjectKeyError';
  constructor(readonly subjectId: string) {
    super(`No key for ${subjectId}: the subject_keys table does not match this event log (restored apart?)`);
  }
}

export class WrongMasterKeyError extends Error {
  override readonly name = 'WrongMasterKeyError';
  constructor(
    readonly subjectId: string,
    readonly storedMasterKeyId: string,
    readonly masterKeyId: string,
  ) {
    super(
      `The key of ${subjectId} was wrapped by master key ${storedMasterKeyId}, not this one (${masterKeyId}): is DATA_MASTER_KEY the one this database was written with?`,
    );
  }
}

export type KeyVault = {
  /** Keys of these subjects; with create, a new key for any subject that has none. */
  keysFor(subjectIds: readonly string[], options: { create: boolean }): Promise<Map<string, SubjectKey>>;
  /** Destroys the keys for good (idempotent); answers the subjects that had a live key. */
  destroy(subjectIds: readonly string[], options: { at: Date }): Promise<string[]>;
  /** Drops cached keys, so the next use reads the table (another process may have destroyed them). */
  forget(subjectIds: readonly string[]): void;
  /** For a store on the vault's database that writes new keys in the append's own transaction. */
  inline?: InlineKeys;
  /** The keyed digest of an address, under a key derived from the same master key (address-digest.ts). */
  addressDigest: AddressDigest;
};

/**
 * New keys made here and written by someone else (the append, protected-store.ts): one
 * round trip and one transaction fewer for every new subject, i.e. every new lead.
 */
export type InlineKeys = {
  pool: Pool;
  /** The cached live or erased keys of these subjects, and those not cached. */
  cached(subjectIds: readonly string[]): { found: Map<string, SubjectKey>; missing: string[] };
  /** Fresh keys for these subjects, wrapped for the table, not stored. */
  mint(subjectIds: readonly string[]): { keys: Map<string, Buffer>; rows: NewSubjectKey[] };
  /** Keys now stored (their append committed). */
  remember(keys: ReadonlyMap<string, Buffer>): void;
};

type KeyRow = { subject_id: string; wrapped_key: Buffer | null; master_key_id: string };

/** How many unwrapped keys a process keeps; a rebuild touches every subject once. */
const CACHE_LIMIT = 100_000;

export const createKeyVault = (options: { pool: Pool; masterKey: Buffer; cacheTtlMs?: number; now?: () => number }): KeyVault => {
  const { pool, masterKey } = options;
  const masterId = masterKeyId(masterKey);
  const ttlMs = options.cacheTtlMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { key: SubjectKey; at: number }>();

  const remember = (subjectId: string, key: SubjectKey) => {
    if (!cache.has(subjectId) && cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(subjectId, { key, at: now() });
  };
  const unwrap = (row: KeyRow): SubjectKey => {
    if (row.wrapped_key === null) return 'erased';
    if (row.master_key_id !== masterId) {
      throw new WrongMasterKeyError(row.subject_id, row.master_key_id, masterId);
    }
    return decrypt(masterKey, row.wrapped_key, row.subject_id);
  };
  const readRows = async (ids: readonly string[]) =>
    (
      await pool.query<KeyRow>(
        'SELECT subject_id, wrapped_key, master_key_id FROM subject_keys WHERE subject_id = ANY($1::text[])',
        [ids],
      )
    ).rows;
  const cachedKey = (id: string) => {
    const cached = cache.get(id);
    return cached && now() - cached.at < ttlMs ? cached.key : undefined;
  };
  const splitCached = (subjectIds: readonly string[]) => {
    const found = new Map<string, SubjectKey>();
    const missing: string[] = [];
    for (const id of new Set(subjectIds)) {
      const key = cachedKey(id);
      if (key) found.set(id, key);
      else missing.push(id);
    }
    return { found, missing };
  };
  const insertNew = async (ids: readonly string[]) => {
    const fresh = ids.map((id) => ({ id, key: newKey() }));
    // Committed without waiting for the disk: the key is only used by an event appended after
    // this commit, and that append's own (synchronous) commit flushes the log up to and past
    // this one. A crash before that loses the key and nothing sealed with it. Waiting here
    // cost every new lead a second flush (issue 14's bench: appends at 0.37 of the bare store).
    const { rows } = await pool.query<{ subject_id: string }>(
      `WITH lazy AS (SELECT set_config('synchronous_commit', 'off', true))
       INSERT INTO subject_keys (subject_id, wrapped_key, master_key_id)
       SELECT k.* FROM lazy, unnest($1::text[], $2::bytea[], array_fill($3::text, ARRAY[cardinality($1::text[])])) AS k
       ON CONFLICT (subject_id) DO NOTHING RETURNING subject_id`,
      [fresh.map((entry) => entry.id), fresh.map((entry) => encrypt(masterKey, entry.key, entry.id)), masterId],
    );
    const inserted = new Set(rows.map((row) => row.subject_id));
    return { fresh: fresh.filter((entry) => inserted.has(entry.id)), raced: ids.filter((id) => !inserted.has(id)) };
  };

  return {
    addressDigest: createAddressDigest(masterKey),
    keysFor: async (subjectIds, { create }) => {
      const { found, missing } = splitCached(subjectIds);
      if (missing.length === 0) return found;
      let toRead = missing;
      // A new subject (every new lead) costs one round trip: insert first, read only what was already there.
      if (create) {
        const { fresh, raced } = await insertNew(missing);
        for (const entry of fresh) {
          found.set(entry.id, entry.key);
          remember(entry.id, entry.key);
        }
        toRead = raced;
      }
      if (toRead.length > 0) {
        for (const row of await readRows(toRead)) {
          const key = unwrap(row);
          found.set(row.subject_id, key);
          remember(row.subject_id, key);
        }
      }
      for (const id of missing) if (!found.has(id)) throw new MissingSubjectKeyError(id);
      return found;
    },
    destroy: async (subjectIds, { at }) => {
      // A subject with no key yet gets a destroyed row too: otherwise the next event about it
      // would create a fresh key in every process but this one (whose cache says erased). A key
      // another process is inserting right now (a message to the contact being recorded) is not
      // in this statement's snapshot: the insert waits for it, and the conflict destroys it too
      // (xmax is set only on a row the conflict updated).
      const { rows } = await pool.query<{ subject_id: string }>(
        `WITH ids AS (SELECT DISTINCT unnest($1::text[]) AS subject_id),
         destroyed AS (
           UPDATE subject_keys k SET wrapped_key = NULL, destroyed_at = $2
             FROM ids WHERE k.subject_id = ids.subject_id AND k.wrapped_key IS NOT NULL RETURNING k.subject_id),
         tombstones AS (
           INSERT INTO subject_keys AS k (subject_id, wrapped_key, master_key_id, destroyed_at)
           SELECT subject_id, NULL, $3, $2 FROM ids
            WHERE NOT EXISTS (SELECT 1 FROM subject_keys k WHERE k.subject_id = ids.subject_id)
           ON CONFLICT (subject_id) DO UPDATE SET wrapped_key = NULL, destroyed_at = EXCLUDED.destroyed_at
            WHERE k.wrapped_key IS NOT NULL
           RETURNING k.subject_id, k.xmax <> 0 AS raced)
         SELECT subject_id FROM destroyed UNION ALL SELECT subject_id FROM tombstones WHERE raced`,
        [subjectIds, at, masterId],
      );
      for (const id of subjectIds) remember(id, 'erased');
      return rows.map((row) => row.subject_id);
    },
    forget: (subjectIds) => {
      for (const id of subjectIds) cache.delete(id);
    },
    inline: {
      pool,
      cached: splitCached,
      mint: (subjectIds) => {
        const keys = new Map(subjectIds.map((id) => [id, newKey()]));
        const rows = [...keys].map(([subjectId, key]) => ({
          subjectId,
          wrappedKey: encrypt(masterKey, key, subjectId),
          masterKeyId: masterId,
        }));
        return { keys, rows };
      },
      remember: (keys) => {
        for (const [id, key] of keys) remember(id, key);
      },
    },
  };
};
