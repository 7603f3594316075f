import { describe, expect, it } from 'vitest';
import { newEvent, newEvents, TEST_EVENT_TYPES } from '../../test/contract/fixtures.ts';
import { createInMemoryEsdbClient } from '../../test/esdb/in-memory-client.ts';
import { createEsdbEventStore } from './esdb-event-store.ts';
import { verifyEsdbLog } from './verify.ts';

const storeWithLog = async () => {
  const client = createInMemoryEsdbClient();
  const store = createEsdbEventStore({ connectionString: 'esdb://in-memory:2113', client, eventTypes: TEST_EVENT_TYPES });
  await store.appendToStream('payment-a', [newEvent({ amount: 7_000_000 }), newEvent()], { expectedRevision: 'no_stream' });
  await store.appendToStream('payment-b', newEvents(3), { expectedRevision: 'no_stream' });
  await store.appendToStream('payment-a', [newEvent({ amount: 1 })], { expectedRevision: 1n });
  return { client, store };
};

describe('verifying the chain of an EventStoreDB log', () => {
  it('checks every stream up to the head and finds every link holding', async () => {
    const { store } = await storeWithLog();
    const result = await verifyEsdbLog({ store });
    expect(result).toMatchObject({ ok: true, eventsChecked: 6, streamsChecked: 2, brokenLinks: 0, firstBroken: null });
    expect(result.upToPosition).toBe(await store.readHeadPosition());
  });

  it('names the event whose stored content was edited, with its position', async () => {
    const { client, store } = await storeWithLog();
    const edited = client.log.find((event) => event.streamId === 'payment-a' && event.revision === 0n)!;
    edited.data = { amount: 70_000 };
    const result = await verifyEsdbLog({ store });
    expect(result.ok).toBe(false);
    expect(result.firstBroken).toMatchObject({
      kind: 'hash-mismatch',
      streamId: 'payment-a',
      revision: '0',
      eventId: edited.id,
      position: edited.position.toString(),
    });
  });
});
