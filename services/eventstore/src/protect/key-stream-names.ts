// The one-off renaming of streams named by an unkeyed SHA-256 of an address (issue 24, item 4;
// `npm run audit -- key-streams`, run by `npm start` too, see docs/keyed-stream-names.md):
// consent-<channel>-<32 hex>, user-email-<64 hex> and application-<64 hex> become the same
// prefix and the address's keyed digest (40 hex), the address read from the stream's own events
// through the vault. A stream whose subject is erased (its address reads ERASED) gets a random
// name of the same shape: nobody can name it again, and its old digest disappears. A batch of
// streams per transaction renames them, their audit entries, and rehashes their chains (a stream
// id is part of every event's hash); the digests over the old hashes are set aside at the end, as
// the sealing does (log-rewrites.ts). A renamed name no longer matches, so a second run changes nothing.

import { randomBytes } from 'node:crypto';
import { ERASED } from '@acres/contracts/personal-data';
import { withTransaction, type Pool, type PoolClient } from '@acres/platform/db';
import type { AddressChannel } from './address-digest.ts';
import type { KeyVault } from './key-vault.ts';
import { closeRewrite, hasFinishedRewrite, openRewrite, type RewriteClosed } from './log-rewrites.ts';
import { openEvents } from './seal.ts';

const OLD_NAME = '^(consent-(email|sms|whatsapp)-[0-9a-f]{32}|user-email-[0-9a-f]{64}|application-[0-9a-f]{64})$';

const NEXT_STREAMS_SQL = `SELECT stream_id FROM event_streams WHERE stream_id > $1 AND stream_id ~ '${OLD_NAME}'
  ORDER BY stream_id LIMIT $2`;

/** The events that name a stream's address, and the field that holds it. */
const ADDRESS_FIELDS: Readonly<Record<string, string>> = {
  ContactOptedOut: 'address',
  ContactOptedIn: 'address',
  UserEmailClaimed: 'email',
  ApplicationSubmitted: 'email',
};

const FIRST_ADDRESS_EVENTS_SQL = `SELECT DISTINCT ON (stream_id) stream_id, event_id::text AS id, type, data FROM events
  WHERE stream_id = ANY($1::text[]) AND type = ANY($2::text[]) ORDER BY stream_id, stream_position`;

const RENAME_SQL = {
  streams: `UPDATE event_streams s SET stream_id = u.new FROM unnest($1::text[], $2::text[]) AS u(old, new) WHERE s.stream_id = u.old`,
  events: `UPDATE events e SET stream_id = u.new FROM unnest($1::text[], $2::text[]) AS u(old, new) WHERE e.stream_id = u.old`,
  // The Audit log names a consent stream as an entry's subject; a rebuild would say the same.
  audit: `UPDATE audit_log a SET subject_id = u.new FROM unnest($1::text[], $2::text[]) AS u(old, new) WHERE a.subject_id = u.old`,
};

export type KeyStreamsProgress = { streamsRenamed: number; streamsErased: number; eventsRehashed: number };

export type KeyStreamsResult = KeyStreamsProgress &
  RewriteClosed & {
    rewriteId: string;
    /** Old streams left as they were because their keyed name exists already (see the doc). */
    conflicts: string[];
  };

type Row = { stream_id: string; id: string; type: string; data: unknown };

const prefixAndChannel = (streamId: string): { prefix: string; channel: AddressChannel } => {
  const consent = /^consent-(email|sms|whatsapp)-/.exec(streamId);
  if (consent) return { prefix: consent[0], channel: consent[1] as AddressChannel };
  return { prefix: streamId.startsWith('user-email-') ? 'user-email-' : 'application-', channel: 'email' };
};

const addressOf = (row: Row | undefined): string | null => {
  const field = row ? ADDRESS_FIELDS[row.type] : undefined;
  const value = field ? (row!.data as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' && value !== ERASED ? value : null;
};

const planNames = async (client: PoolClient, vault: KeyVault, streams: string[]) => {
  const { rows } = await client.query<Row>(FIRST_ADDRESS_EVENTS_SQL, [streams, Object.keys(ADDRESS_FIELDS)]);
  const opened = new Map((await openEvents(vault, rows)).map((row) => [row.stream_id, row]));
  return streams.map((old) => {
    const { prefix, channel } = prefixAndChannel(old);
    const address = addressOf(opened.get(old));
    const digest = address ? vault.addressDigest(channel, address) : randomBytes(20).toString('hex');
    return { old, new: `${prefix}${digest}`, erased: address === null };
  });
};

const renameBatch = async (client: PoolClient, vault: KeyVault, streams: string[]) => {
  // Appends to these streams wait until they are renamed and rehashed (they move the same rows).
  await client.query('SELECT 1 FROM event_streams WHERE stream_id = ANY($1::text[]) ORDER BY stream_id FOR UPDATE', [streams]);
  const planned = await planNames(client, vault, streams);
  const { rows: taken } = await client.query<{ stream_id: string }>(
    'SELECT stream_id FROM event_streams WHERE stream_id = ANY($1::text[])',
    [planned.map((name) => name.new)],
  );
  // Taken already, or by an earlier stream of this batch (two spellings of one address): left for the operator.
  const takenSet = new Set(taken.map((row) => row.stream_id));
  const renames = planned.filter((name) => {
    if (takenSet.has(name.new)) return false;
    takenSet.add(name.new);
    return true;
  });
  const olds = renames.map((name) => name.old);
  const news = renames.map((name) => name.new);
  await client.query(RENAME_SQL.streams, [olds, news]);
  await client.query(RENAME_SQL.events, [olds, news]);
  const { rows: audit } = await client.query<{ ok: boolean }>("SELECT to_regclass('audit_log') IS NOT NULL AS ok");
  if (audit[0]?.ok) await client.query(RENAME_SQL.audit, [olds, news]);
  const { rows: hashed } = await client.query<{ n: string }>('SELECT event_store_rehash_streams($1::text[])::text AS n', [news]);
  return {
    renamed: renames.length,
    erased: renames.filter((name) => name.erased).length,
    rehashed: Number(hashed[0]?.n ?? 0),
    conflicts: planned.filter((name) => !renames.includes(name)).map((name) => name.old),
  };
};

/** Renames every stream still named by an unkeyed address digest; safe to run again, and after a crash. */
export const keyPostgresStreamNames = async (options: {
  pool: Pool;
  vault: KeyVault;
  batchSize?: number;
  onProgress?: (progress: KeyStreamsProgress) => void;
}): Promise<KeyStreamsResult> => {
  const { pool, vault } = options;
  const batchSize = options.batchSize ?? 200;
  const rewrite = await openRewrite(pool, 'key-stream-names');
  const progress: KeyStreamsProgress = { streamsRenamed: 0, streamsErased: 0, eventsRehashed: 0 };
  const conflicts: string[] = [];
  let after = '';
  for (;;) {
    const next = await pool.query<{ stream_id: string }>(NEXT_STREAMS_SQL, [after, batchSize]);
    const streams = next.rows.map((row) => row.stream_id);
    if (streams.length === 0) break;
    const batch = await withTransaction(pool, async (client) => {
      const done = await renameBatch(client, vault, streams);
      await client.query(
        'UPDATE log_rewrites SET events_rewritten = events_rewritten + $2, streams_rehashed = streams_rehashed + $3 WHERE id = $1',
        [rewrite.id, done.rehashed, done.renamed],
      );
      return done;
    });
    progress.streamsRenamed += batch.renamed;
    progress.streamsErased += batch.erased;
    progress.eventsRehashed += batch.rehashed;
    conflicts.push(...batch.conflicts);
    options.onProgress?.({ ...progress });
    after = streams[streams.length - 1]!;
  }
  const rewritten = BigInt(rewrite.events_rewritten) + BigInt(progress.eventsRehashed);
  const closed = await closeRewrite(pool, rewrite.id, rewritten);
  return { rewriteId: rewrite.id, ...progress, ...closed, conflicts };
};

/** Whether a run of the renaming has finished on this database (the embedded default runs it once). */
export const hasKeyedPostgresStreamNames = (pool: Pool): Promise<boolean> => hasFinishedRewrite(pool, 'key-stream-names');
