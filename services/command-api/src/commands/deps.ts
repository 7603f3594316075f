import type { EventStore } from '@acres/eventstore/port';

/** What command handlers need from the outside world; the clock and ids are injectable for tests. */
export type CommandDeps = {
  eventStore: EventStore;
  now: () => Date;
  newId: () => string;
};
