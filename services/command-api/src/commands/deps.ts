import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from '@acres/platform/db';
import type { EventStore } from '@acres/eventstore/port';
import type { AddressDigest } from '@acres/eventstore/protect';
import type { CommandContext } from './handle-command.ts';

/** What command handlers need from the outside world; the clock and ids are injectable for tests. */
export type CommandDeps = {
  eventStore: EventStore;
  now: () => Date;
  newId: () => string;
  /** The keyed digest that names an address in stream ids (the key vault's addressDigest). */
  addressDigest: AddressDigest;
};

/** A plugin's command deps from its options: the real clock and random ids unless a test passes its own. */
export const commandDepsOf = (options: {
  eventStore: EventStore;
  addressDigest: AddressDigest;
  now?: (() => Date) | undefined;
  newId?: (() => string) | undefined;
}): CommandDeps => ({
  eventStore: options.eventStore,
  now: options.now ?? (() => new Date()),
  newId: options.newId ?? randomUUID,
  addressDigest: options.addressDigest,
});

/** The admin's HTTP Basic check (createAdminGuard), shared by every admin route on a port. */
export type AdminGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** What commandApiPlugin hands each slice's register function; a slice without its pool or guard turns those routes off. */
export type SliceRegistration = {
  deps: CommandDeps;
  pool?: Pool | undefined;
  adminGuard?: AdminGuard | undefined;
  logger: FastifyBaseLogger;
};

/** What an admin's command is given besides its own input: the deps, who decided, and the request's context. */
export type AdminCommandOptions<Input, Deps = CommandDeps> = Input & {
  deps: Deps;
  adminUsername: string;
  context: CommandContext;
};
