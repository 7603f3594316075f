import {
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { WrongExpectedVersionError } from '../port.ts';
import { createEventFilter, toEsdbExpectedRevision, toReadPosition, toRecordedEvent, toWrongExpectedVersion } from './mapping.ts';

const metadata = {
  correlationId: 'c',
  actor: { kind: 'visitor', id: null },
  schemaVersion: 1,
  occurredAt: '2026-01-01T00:00:00.000Z',
};
const recorded = (position?: { commit: bigint; prepare: bigint }) => ({
  streamId: 'lead-1',
  id: '4f7c5d46-2a9f-4a55-9c43-7f6d3f0a0b11',
  isJson: true as const,
  revision: 3n,
  type: 'SlotReserved',
  created: new Date('2026-01-01T00:00:00Z'),
  data: { leadId: 'l' },
  metadata,
  position,
});

describe('mapping EventStoreDB values to the port', () => {
  it('maps every expected revision', () => {
    expect(['no_stream', 'any', 'stream_exists', 4n].map((e) => toEsdbExpectedRevision(e as never))).toEqual([
      'no_stream',
      'any',
      'stream_exists',
      4n,
    ]);
    expect(() => toEsdbExpectedRevision(-1n)).toThrow(TypeError);
  });

  it('reads from the start for position 0 and from the commit position otherwise', () => {
    expect(toReadPosition(0n)).toBe('start');
    expect(toReadPosition(42n)).toEqual({ commit: 42n, prepare: 42n });
  });

  it('turns the client conflict into the port conflict and leaves other errors alone', () => {
    const esdb = new EsdbWrongExpectedVersionError(undefined, { streamName: 's', expected: 'no_stream', current: 2n });
    const mapped = toWrongExpectedVersion(esdb, 's', 'no_stream');
    expect(mapped).toBeInstanceOf(WrongExpectedVersionError);
    expect(mapped).toMatchObject({ stream: 's', expected: 'no_stream', actual: 2n });
    const missing = new EsdbWrongExpectedVersionError(undefined, { streamName: 's', expected: 3n, current: 'no_stream' });
    expect(toWrongExpectedVersion(missing, 's', 3n)).toMatchObject({ actual: 'no_stream' });
    const other = new Error('boom');
    expect(toWrongExpectedVersion(other, 's', 'any')).toBe(other);
  });

  it('takes the commit position of $all events and 0n where the index does not know it', () => {
    const fromAll = toRecordedEvent({ event: recorded({ commit: 900n, prepare: 900n }) } as AllStreamResolvedEvent);
    expect(fromAll).toMatchObject({
      globalPosition: 900n,
      streamPosition: 3n,
      streamId: 'lead-1',
      type: 'SlotReserved',
      metadata,
    });
    const unknown = toRecordedEvent({ event: recorded({ commit: 2n ** 64n - 1n, prepare: 2n ** 64n - 1n }) } as ResolvedEvent);
    expect(unknown?.globalPosition).toBe(0n);
    expect(toRecordedEvent({ event: recorded() } as ResolvedEvent)?.globalPosition).toBe(0n);
  });

  it('skips links and binary events', () => {
    expect(toRecordedEvent({} as ResolvedEvent)).toBeNull();
    expect(toRecordedEvent({ event: { ...recorded(), isJson: false } } as unknown as ResolvedEvent)).toBeNull();
  });

  it('keeps only our event types and never system streams', () => {
    const isOurs = createEventFilter(['SlotReserved', 'Sale']);
    const event = toRecordedEvent({ event: recorded({ commit: 1n, prepare: 1n }) } as AllStreamResolvedEvent)!;
    expect(isOurs(event)).toBe(true);
    expect(isOurs({ ...event, type: 'SaleVerified' })).toBe(true);
    expect(isOurs({ ...event, type: 'PaymentApproved' })).toBe(false);
    expect(isOurs({ ...event, streamId: '$et-SlotReserved' })).toBe(false);
  });
});
