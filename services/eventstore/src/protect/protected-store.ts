import type { EventStore } from '../port.ts';
import type { KeyVault } from './key-vault.ts';
import { openEvents, sealEvents } from './seal.ts';

/**
 * The event store as every service uses it: personal fields are sealed on append and
 * opened on read, so handlers, deciders and projections see plain events, and the log
 * (and its hash chain) holds only ciphertext of them.
 */
export const protectEventStore = (store: EventStore, vault: KeyVault): EventStore => ({
  appendToStream: async (stream, events, options) => store.appendToStream(stream, await sealEvents(vault, events), options),
  readStream: async (stream, options) => openEvents(vault, await store.readStream(stream, options)),
  readAll: async (options) => openEvents(vault, await store.readAll(options)),
  subscribeToAll: (options) => ({
    async *[Symbol.asyncIterator]() {
      for await (const event of store.subscribeToAll(options)) yield (await openEvents(vault, [event]))[0]!;
    },
  }),
  readHeadPosition: () => store.readHeadPosition(),
  close: () => store.close(),
});
