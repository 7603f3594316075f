import type { Pool, PoolClient } from '@acres/platform';
import { CHECKPOINT_CHANNEL, readCheckpoints } from '@acres/read-models/checkpoints';

// The admin lists' answers, kept as JSON text until a projection they read moves (issue 10,
// goal 5). Read models change only when their projection's checkpoint moves, and the
// projector announces every move with NOTIFY in the same transaction as the rows, so a page
// read after the last notice heard is still the page. Decoding 50 rows from PostgreSQL cost
// ten times the SQL; a page read again (the first page the admin's screens reload, the last
// page, a page paged back to) now costs no round trip. Without a working LISTEN connection
// nothing is cached or served from the cache.

export type PageCacheOptions = {
  /**
   * Bound on the cached JSON, in bytes: the least recently used page goes first. The default
   * holds every page of the leads list at issue 10's 100,000 leads (about 36 MB of JSON).
   */
  maxBytes?: number;
  /** A page is read again after this long even if no notice came (a safety net, not the mechanism). */
  maxAgeMs?: number;
  /** Wait before listening again after the LISTEN connection failed. */
  retryMs?: number;
};

export const DEFAULT_PAGE_CACHE: Required<PageCacheOptions> = {
  maxBytes: 64 * 1024 * 1024,
  maxAgeMs: 60_000,
  retryMs: 1_000,
};

export type PageRead = {
  /** Everything the answer depends on besides the read models: the route and its query string. */
  key: string;
  /** The projections the answer reads (the route's x-min-position list). */
  projections: readonly string[];
  /** The request's x-min-position: a cached page serves it only if read after those projections reached it. */
  minPosition: bigint | undefined;
  read: () => Promise<unknown>;
};

export type PageCache = {
  /**
   * The answer as UTF-8 JSON: the cached one while still current, else `read` serialized (and
   * kept). Bytes, so a page served again is neither encoded nor measured again.
   */
  json: (page: PageRead) => Promise<Buffer>;
  close: () => Promise<void>;
};

type Entry = { json: Buffer; stamp: string; positions: bigint[]; storedAt: number };

const parseNotice = (payload: string | undefined) => {
  try {
    const value = JSON.parse(payload ?? '') as { name?: unknown; position?: unknown };
    if (typeof value.name !== 'string' || typeof value.position !== 'string') return null;
    return { name: value.name, position: BigInt(value.position) };
  } catch {
    return null;
  }
};

/** The mappers' output is the contract's shape already (see list-page.ts): plain JSON. */
export const serialize = (answer: unknown) => Buffer.from(JSON.stringify(answer), 'utf8');

export const createPageCache = (pool: Pool, options: PageCacheOptions = {}): PageCache => {
  const limits = { ...DEFAULT_PAGE_CACHE, ...options };
  const entries = new Map<string, Entry>(); // least recently used first
  let bytes = 0;
  const moves = new Map<string, number>(); // notices heard per projection
  const positions = new Map<string, bigint>(); // highest position known per projection
  let epoch = 0; // a new LISTEN session: nothing from before it is trusted
  let state: 'idle' | 'connecting' | 'listening' | 'closed' = 'idle';
  let client: PoolClient | undefined;
  let retryAt = 0;
  const reading = new Map<string, { stamp: string; json: Promise<Buffer> }>();

  const forgetAll = () => {
    entries.clear();
    bytes = 0;
    epoch += 1;
  };
  const learn = (name: string, position: bigint) => {
    if (position > (positions.get(name) ?? -1n)) positions.set(name, position);
  };
  const onNotification = (message: { channel: string; payload?: string }) => {
    if (message.channel !== CHECKPOINT_CHANNEL) return;
    const notice = parseNotice(message.payload);
    if (!notice) return forgetAll();
    moves.set(notice.name, (moves.get(notice.name) ?? 0) + 1);
    learn(notice.name, notice.position);
  };
  const release = (broken: boolean) => {
    const held = client;
    client = undefined;
    if (!held) return;
    held.off('notification', onNotification);
    held.off('error', onError);
    held.on('error', () => {});
    held.release(broken);
  };
  function onError() {
    if (state === 'closed') return;
    state = 'idle';
    retryAt = Date.now() + limits.retryMs;
    release(true);
    forgetAll();
  }
  const listen = async () => {
    state = 'connecting';
    try {
      client = await pool.connect();
      if (state !== 'connecting') return release(false);
      client.on('error', onError);
      client.on('notification', onNotification);
      await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
      // Moves before LISTEN sent notices nobody heard: start from the table.
      for (const row of await readCheckpoints(pool)) learn(row.name, row.position);
      if (state !== 'connecting') return release(false);
      forgetAll();
      state = 'listening';
    } catch {
      onError();
    }
  };

  const stampOf = (projections: readonly string[]) => `${epoch}:${projections.map((name) => moves.get(name) ?? 0).join(',')}`;
  const store = (key: string, entry: Entry) => {
    const old = entries.get(key);
    if (old) bytes -= old.json.length;
    entries.delete(key);
    if (entry.json.length > limits.maxBytes) return;
    entries.set(key, entry);
    bytes += entry.json.length;
    for (const [oldest, { json }] of entries) {
      if (bytes <= limits.maxBytes) break;
      entries.delete(oldest);
      bytes -= json.length;
    }
  };
  const readAndKeep = (page: PageRead, stamp: string) => {
    const known = page.projections.map((name) => positions.get(name) ?? -1n);
    const storedAt = Date.now();
    return page.read().then((answer) => {
      const json = serialize(answer);
      // A notice heard meanwhile may or may not be in this answer: serve it, keep it not.
      if (state === 'listening' && stampOf(page.projections) === stamp)
        store(page.key, { json, stamp, positions: known, storedAt });
      return json;
    });
  };

  return {
    json: async (page) => {
      if (state === 'idle' && Date.now() >= retryAt) void listen();
      if (state !== 'listening') return serialize(await page.read());
      const stamp = stampOf(page.projections);
      const entry = entries.get(page.key);
      const minPosition = page.minPosition;
      if (
        entry?.stamp === stamp &&
        Date.now() - entry.storedAt < limits.maxAgeMs &&
        (minPosition === undefined || entry.positions.every((position) => position >= minPosition))
      ) {
        entries.delete(page.key);
        entries.set(page.key, entry);
        return entry.json;
      }
      // A read already under way for the same state serves everyone who asks meanwhile; not a
      // caller's own write (x-min-position): that read may have started before it.
      if (minPosition !== undefined) return readAndKeep(page, stamp);
      const running = reading.get(page.key);
      if (running?.stamp === stamp) return running.json;
      const json = readAndKeep(page, stamp).finally(() => {
        if (reading.get(page.key)?.json === json) reading.delete(page.key);
      });
      reading.set(page.key, { stamp, json });
      return json;
    },
    close: async () => {
      const wasListening = state === 'listening';
      state = 'closed';
      forgetAll();
      const held = client;
      if (!held || !wasListening) return release(false);
      client = undefined;
      held.off('notification', onNotification);
      held.off('error', onError);
      held.on('error', () => {});
      await held.query(`UNLISTEN ${CHECKPOINT_CHANNEL}`).then(
        () => held.release(),
        () => held.release(true),
      );
    },
  };
};
