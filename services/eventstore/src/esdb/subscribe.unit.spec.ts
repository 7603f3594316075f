import { setTimeout as sleep } from 'node:timers/promises';
import { AccessDeniedError, UnavailableError } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { createEsdbEventStore, EventStoreClosedError } from './esdb-event-store.ts';
import {
  appended,
  createFakeClient,
  esdbEvent,
  ID,
  newEvent,
  POLICY,
  storeOver,
  take,
  TEST_TYPE,
} from '../../test/esdb/fake-client.ts';

describe('a live subscription the server drops', () => {
  it('resubscribes from the last delivered event and delivers every event exactly once', async () => {
    const client = createFakeClient({
      subscriptions: [
        { events: [esdbEvent(100n), esdbEvent(200n)], then: { error: new UnavailableError() } },
        // The server replays from the given position inclusively.
        { events: [esdbEvent(200n), esdbEvent(300n)], then: 'end' },
        { events: [esdbEvent(300n), esdbEvent(400n)], then: 'hang' },
      ],
    });
    const { store, waits } = storeOver(client);
    await expect(take(store.subscribeToAll({ fromPosition: 0n }), 4)).resolves.toEqual([100n, 200n, 300n, 400n]);
    expect(client.subscribeCalls).toEqual(['start', { commit: 200n, prepare: 200n }, { commit: 300n, prepare: 300n }]);
    // Each delivered event resets the count of drops in a row.
    expect(waits).toEqual([75, 75]);
  });

  it('gives up after the attempts when no event gets through, so the caller restarts from its checkpoint', async () => {
    const client = createFakeClient({
      subscriptions: Array.from({ length: 6 }, () => ({ events: [], then: { error: new UnavailableError() } })),
    });
    const { store, waits } = storeOver(client);
    await expect(take(store.subscribeToAll({ fromPosition: 500n }), 1)).rejects.toBeInstanceOf(UnavailableError);
    expect(client.subscribeCalls).toHaveLength(POLICY.attempts);
    expect(
      new Set(
        client.subscribeCalls.map((position) => JSON.stringify(position, (_k, v) => (typeof v === 'bigint' ? String(v) : v))),
      ),
    ).toEqual(new Set(['{"commit":"500","prepare":"500"}']));
    expect(waits).toEqual([75, 150, 300]);
  });

  it('throws an error that is not transient at once', async () => {
    const client = createFakeClient({ subscriptions: [{ events: [esdbEvent(100n)], then: { error: new AccessDeniedError() } }] });
    const { store } = storeOver(client);
    await expect(take(store.subscribeToAll(), 2)).rejects.toBeInstanceOf(AccessDeniedError);
    expect(client.subscribeCalls).toHaveLength(1);
  });

  it('ends quietly and unsubscribes when its signal aborts', async () => {
    const client = createFakeClient({ subscriptions: [{ events: [esdbEvent(100n)], then: 'hang' }] });
    const { store } = storeOver(client);
    const controller = new AbortController();
    const seen: bigint[] = [];
    const consuming = (async () => {
      for await (const event of store.subscribeToAll({ signal: controller.signal })) {
        seen.push(event.globalPosition);
        setTimeout(() => controller.abort(), 5);
      }
    })();
    await expect(consuming).resolves.toBeUndefined();
    expect(seen).toEqual([100n]);
    expect(client.unsubscribed).toBe(1);
    expect(client.subscribeCalls).toHaveLength(1);
  });
});

describe('closing the store', () => {
  it('ends live subscriptions, disposes the client and refuses later calls', async () => {
    const client = createFakeClient({ subscriptions: [{ events: [], then: 'hang' }] });
    const { store } = storeOver(client);
    const consuming = take(store.subscribeToAll(), 1);
    await sleep(5);
    await store.close();
    await expect(consuming).resolves.toEqual([]);
    expect(client.disposed).toBe(true);
    expect(client.unsubscribed).toBe(1);
    await expect(store.readAll()).rejects.toBeInstanceOf(EventStoreClosedError);
    await expect(store.appendToStream('test-1', [newEvent(ID)], { expectedRevision: 'any' })).rejects.toBeInstanceOf(
      EventStoreClosedError,
    );
  });

  it('cuts a wait between retries short', async () => {
    const client = createFakeClient({ appends: [{ error: new UnavailableError() }, appended] });
    // Real waits here: the retry sleeps a minute unless close interrupts it.
    const store = createEsdbEventStore({
      connectionString: 'esdb://unused:2113',
      client,
      eventTypes: [TEST_TYPE],
      retry: { attempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    const appending = store.appendToStream('test-1', [newEvent(ID)], { expectedRevision: 'any' });
    await sleep(5);
    const started = Date.now();
    await store.close();
    await expect(appending).rejects.toBeInstanceOf(UnavailableError);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(client.appendCalls).toHaveLength(1);
  });
});
