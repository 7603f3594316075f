import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventStore } from '@acres/eventstore/port';
import type { AddressDigest } from '@acres/eventstore/protect';

/** What command handlers need from the outside world; the clock and ids are injectable for tests. */
export type CommandDeps = {
  eventStore: EventStore;
  now: () => Date;
  newId: () => string;
  /** The keyed digest that names an address in stream ids (the key vault's addressDigest). */
  addressDigest: AddressDigest;
};

/** The admin's HTTP Basic check (createAdminGuard), shared by every admin route on a port. */
export type AdminGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
