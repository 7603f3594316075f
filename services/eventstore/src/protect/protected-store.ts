import type { EventStore, NewEvent } from '../port.ts';
import { SubjectKeyExistsError } from '../postgres/append.ts';
import { APPEND_WITH_SUBJECT_KEYS, type SubjectKeyAppender } from '../postgres/postgres-event-store.ts';
import type { KeyVault, SubjectKey } from './key-vault.ts';
import { openEvents, planSeals, sealEvents, sealWithKeys } from './seal.ts';

type Append = EventStore['appendToStream'];

/**
 * A new subject's key written by the append's own transaction: no round trip and no commit of
 * its own for every new lead (issue 10, goal 1). Only when the store and the vault share a
 * database. A key found there already (another process made it, or it was destroyed) writes
 * nothing; the events are then sealed again with the stored key, as without this.
 */
const appendWithInlineKeys =
  (store: EventStore, vault: KeyVault, appender: SubjectKeyAppender): Append =>
  async (stream, events, options) => {
    const inline = vault.inline!;
    const { plans, subjects } = planSeals(events);
    if (subjects.length === 0) return store.appendToStream(stream, events, options);
    const { found, missing } = inline.cached(subjects);
    const minted = inline.mint(missing);
    const keys = new Map<string, SubjectKey>([...found, ...minted.keys]);
    try {
      const result = await appender.append(stream, sealWithKeys(events, plans, keys), options, minted.rows);
      inline.remember(minted.keys);
      return result;
    } catch (error) {
      if (!(error instanceof SubjectKeyExistsError)) throw error;
      return store.appendToStream(stream, await sealEvents(vault, events), options);
    }
  };

const inlineAppenderOf = (store: EventStore, vault: KeyVault) => {
  const appender = (store as { [APPEND_WITH_SUBJECT_KEYS]?: SubjectKeyAppender })[APPEND_WITH_SUBJECT_KEYS];
  return appender && vault.inline && appender.pool === vault.inline.pool ? appender : null;
};

/**
 * The event store as every service uses it: personal fields are sealed on append and
 * opened on read, so handlers, deciders and projections see plain events, and the log
 * (and its hash chain) holds only ciphertext of them.
 */
export const protectEventStore = (store: EventStore, vault: KeyVault): EventStore => {
  const appender = inlineAppenderOf(store, vault);
  const appendToStream: Append = appender
    ? appendWithInlineKeys(store, vault, appender)
    : async (stream, events: NewEvent[], options) => store.appendToStream(stream, await sealEvents(vault, events), options);
  return {
    appendToStream,
    readStream: async (stream, options) => openEvents(vault, await store.readStream(stream, options)),
    readAll: async (options) => openEvents(vault, await store.readAll(options)),
    subscribeToAll: (options) => ({
      async *[Symbol.asyncIterator]() {
        if (!store.subscribeToAllPages) {
          for await (const event of store.subscribeToAll(options)) yield (await openEvents(vault, [event]))[0]!;
          return;
        }
        // A page's keys in one lookup: a reader whose cache is cold (a projector or notifier in
        // a process of its own never sees the keys the command API makes) paid one per event.
        for await (const page of store.subscribeToAllPages(options)) {
          for (const event of await openEvents(vault, page)) {
            if (options?.signal?.aborted === true) return;
            yield event;
          }
        }
      },
    }),
    ...(store.subscribeToAllPages && {
      subscribeToAllPages: (options) => ({
        async *[Symbol.asyncIterator]() {
          for await (const page of store.subscribeToAllPages!(options)) yield await openEvents(vault, page);
        },
      }),
    }),
    countEvents: (options) => store.countEvents(options),
    readHeadPosition: (options) => store.readHeadPosition(options),
    close: () => store.close(),
  };
};
