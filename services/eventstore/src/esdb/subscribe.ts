// The live $all subscription, kept alive across drops: when the server goes away (an
// election, a restart, a network blip) or ends the stream, subscribe again from the last
// event handed to the caller, so nothing is skipped or delivered twice.

import { eventTypeFilter } from '@eventstore/db-client';
import type { Logger } from '@acres/platform/logger';
import type { RecordedEvent } from '../port.ts';
import type { EsdbClient } from './client.ts';
import { toReadPosition, toRecordedEvent } from './mapping.ts';
import { backoffDelay, isTransientEsdbError, sleep, type RetryPolicy } from './retry.ts';

/** The server ended a live subscription without an error; it should never end on its own. */
export class SubscriptionEndedError extends Error {
  override name = 'SubscriptionEndedError';
  constructor() {
    super('EventStoreDB ended the $all subscription');
  }
}

export type SubscribeDeps = {
  client: EsdbClient;
  eventTypes: string[];
  isOurs: (event: RecordedEvent) => boolean;
  policy: RetryPolicy;
  logger?: Logger | undefined;
  random?: () => number;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

/**
 * Yields our events past fromPosition in order, each once. A drop is retried from the
 * last delivered position with backoff; after policy.attempts drops in a row with no
 * event delivered in between, the last error is thrown, and the caller starts over from
 * its own checkpoint (the projector does). Errors that are not transient throw at once.
 */
export async function* subscribeWithResubscribe(
  deps: SubscribeDeps,
  options: { fromPosition: bigint; signal: AbortSignal },
): AsyncGenerator<RecordedEvent> {
  const { signal } = options;
  const { client } = deps;
  const wait = deps.wait ?? sleep;
  let position = options.fromPosition;
  let drops = 0;
  while (!signal.aborted) {
    const subscription = client.subscribeToAll({
      fromPosition: toReadPosition(position),
      filter: eventTypeFilter({ prefixes: deps.eventTypes }),
    });
    const stop = () => void subscription.unsubscribe().catch(() => {});
    signal.addEventListener('abort', stop, { once: true });
    let dropped: unknown = new SubscriptionEndedError();
    try {
      for await (const resolved of subscription) {
        if (signal.aborted) return;
        const event = toRecordedEvent(resolved);
        // From-position reads are inclusive and a resubscription may replay; ours are exclusive.
        if (!event || event.globalPosition <= position || !deps.isOurs(event)) continue;
        position = event.globalPosition;
        drops = 0;
        yield event;
      }
    } catch (error) {
      if (signal.aborted) return;
      if (!isTransientEsdbError(error)) throw error;
      dropped = error;
    } finally {
      signal.removeEventListener('abort', stop);
      await subscription.unsubscribe().catch(() => {});
    }
    if (signal.aborted) return;
    drops += 1;
    if (drops >= deps.policy.attempts) throw dropped;
    const delayMs = backoffDelay(drops - 1, deps.policy, deps.random);
    deps.logger?.warn(
      { err: dropped, position: position.toString(), attempt: drops, delayMs },
      'EventStoreDB subscription dropped; resubscribing from the last delivered event',
    );
    await wait(delayMs, signal);
  }
}
