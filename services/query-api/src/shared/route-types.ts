import type { AddressDigest } from '@acres/eventstore/protect';
import type { Pool } from '@acres/platform';
import type { EventLog } from './as-of/event-log.ts';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export type QueryApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every route module gets from the plugin. */
export type RouteDeps = {
  pool: Pool;
  /** preHandler waiting for the given projections when the client sent x-min-position. */
  freshRead: (projections: readonly string[]) => preHandlerAsyncHookHandler;
  now: () => Date;
  exportPageSize: number;
  /** The event log, through the event-store port, its sealed fields opened (as-of views, access exports). */
  eventLog: EventLog;
  /** Events counted behind each projection (GET /api/admin/projections); beyond it, "far behind". */
  lagCountCap: number;
  /** The key vault's addressDigest: a suppression that stands alone names its address only by it. */
  addressDigest: AddressDigest;
};
