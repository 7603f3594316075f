import type { Pool } from '@acres/platform/db';
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

export type KeyVault = {
  /** Keys of these subjects; with create, a new key for any subject that has none. */
  keysFor(subjectIds: readonly string[], options: { create: boolean }): Promise<Map<string, SubjectKey>>;
  /** Destroys the keys for good (idempotent); answers the subjects that had a live key. */
  destroy(subjectIds: readonly string[], options: { at: Date }): Promise<string[]>;
  /** Drops cached keys, so the next use reads the table (another process may have destroyed them). */
  forget(subjectIds: readonly string[]): void;
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
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(subjectId, { key, at: now() });
  };
  const unwrap = (row: KeyRow): SubjectKey => {
    if (row.wrapped_key === null) return 'erased';
    if (row.master_key_id !== masterId) {
      throw new Error(
        `The key of ${row.subject_id} was wrapped by master key ${row.master_key_id}, not this one (${masterId}): is DATA_MASTER_KEY the one this database was written with?`,
      );
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
  const insertNew = async (ids: readonly string[]) => {
    const fresh = ids.map((id) => ({ id, key: newKey() }));
    const { rows } = await pool.query<{ subject_id: string }>(
      `INSERT INTO subject_keys (subject_id, wrapped_key, master_key_id)
       SELECT * FROM unnest($1::text[], $2::bytea[], array_fill($3::text, ARRAY[cardinality($1::text[])]))
       ON CONFLICT (subject_id) DO NOTHING RETURNING subject_id`,
      [fresh.map((entry) => entry.id), fresh.map((entry) => encrypt(masterKey, entry.key, entry.id)), masterId],
    );
    const inserted = new Set(rows.map((row) => row.subject_id));
    return { fresh: fresh.filter((entry) => inserted.has(entry.id)), raced: ids.filter((id) => !inserted.has(id)) };
  };

  return {
    keysFor: async (subjectIds, { create }) => {
      const found = new Map<string, SubjectKey>();
      const missing: string[] = [];
      for (const id of new Set(subjectIds)) {
        const cached = cache.get(id);
        if (cached && now() - cached.at < ttlMs) found.set(id, cached.key);
        else missing.push(id);
      }
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
      const { rows } = await pool.query<{ subject_id: string }>(
        `UPDATE subject_keys SET wrapped_key = NULL, destroyed_at = $2
          WHERE subject_id = ANY($1::text[]) AND wrapped_key IS NOT NULL RETURNING subject_id`,
        [subjectIds, at],
      );
      for (const id of subjectIds) remember(id, 'erased');
      return rows.map((row) => row.subject_id);
    },
    forget: (subjectIds) => {
      for (const id of subjectIds) cache.delete(id);
    },
  };
};
