// The part of @eventstore/db-client's EventStoreDBClient the adapter uses: its boundary
// with the gRPC library, narrow enough for a unit test to stand in for the server.

import {
  EventStoreDBClient,
  type AllStreamResolvedEvent,
  type AppendResult,
  type AppendToStreamOptions,
  type EventData,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ResolvedEvent,
  type SubscribeToAllOptions,
} from '@eventstore/db-client';

export type EsdbRead<E> = AsyncIterable<E> & { cancel(): Promise<void> };

export type EsdbSubscription = AsyncIterable<AllStreamResolvedEvent> & { unsubscribe(): Promise<void> };

export type EsdbClient = {
  appendToStream(streamName: string, events: EventData[], options?: AppendToStreamOptions): Promise<AppendResult>;
  readStream(streamName: string, options?: ReadStreamOptions): EsdbRead<ResolvedEvent>;
  readAll(options?: ReadAllOptions): EsdbRead<AllStreamResolvedEvent>;
  subscribeToAll(options?: SubscribeToAllOptions): EsdbSubscription;
  dispose(): Promise<void>;
};

/** The real gRPC client of the server the connection string names (esdb://host:2113?tls=false). */
export const connectEsdbClient = (connectionString: string): EsdbClient => EventStoreDBClient.connectionString(connectionString);
