import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '../port.ts';
import { CHAIN_METADATA_KEY, chainEsdbEvents, findBrokenEsdbLink, streamHeadOf } from './chain.ts';

const newEvent = (data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type: 'PaymentProofSubmitted',
  data,
  metadata: {
    correlationId: randomUUID(),
    actor: { kind: 'user', id: null },
    schemaVersion: 1,
    occurredAt: '2026-11-26T10:00:00.000Z',
  },
});

/** What EventStoreDB hands back: the JSON it stored, parsed again. */
const recorded = (streamId: string, events: NewEvent[], from = 0n): RecordedEvent[] =>
  events.map((event, index) => ({
    ...(JSON.parse(JSON.stringify(event)) as NewEvent),
    streamId,
    streamPosition: from + BigInt(index),
    globalPosition: 0n,
    createdAt: new Date(),
  }));

describe('the EventStoreDB chain', () => {
  it('chains appends through the metadata and verifies after a JSON round trip', () => {
    const first = chainEsdbEvents('payment-1', null, [newEvent({ amount: 7_000_000 }), newEvent({ note: 'é' })]);
    const stored = recorded('payment-1', first);
    const second = chainEsdbEvents('payment-1', streamHeadOf(stored.at(-1)), [newEvent({ amount: 1 })]);
    const all = [...stored, ...recorded('payment-1', second, 2n)];
    expect(all.every((event) => typeof event.metadata[CHAIN_METADATA_KEY] === 'string')).toBe(true);
    expect(findBrokenEsdbLink(all)).toBeNull();
  });

  it('names the event whose amount changed, and a missing event', () => {
    const all = recorded('payment-1', chainEsdbEvents('payment-1', null, [newEvent({ amount: 7 }), newEvent({ amount: 8 })]));
    const edited = all.map((event, index) => (index === 0 ? { ...event, data: { amount: 70 } } : event));
    expect(findBrokenEsdbLink(edited)?.id).toBe(all[0]!.id);
    expect(findBrokenEsdbLink(all.slice(1))?.id).toBe(all[1]!.id);
  });

  it('ignores a hash the caller put in the metadata', () => {
    const event = newEvent({ amount: 7 });
    const forged = { ...event, metadata: { ...event.metadata, [CHAIN_METADATA_KEY]: 'ff' } };
    expect(chainEsdbEvents('s', null, [forged])[0]!.metadata[CHAIN_METADATA_KEY]).toBe(
      chainEsdbEvents('s', null, [event])[0]!.metadata[CHAIN_METADATA_KEY],
    );
  });
});
