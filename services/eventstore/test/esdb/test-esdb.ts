// The EventStoreDB a spec runs on: the server ESDB_CONNECTION_STRING names when it is set
// (`npm run test:esdb`), else one held in memory behind the gRPC client's boundary.

import { createInMemoryEsdbClient, type InMemoryEsdbClient } from './in-memory-client.ts';

export type TestEsdb = {
  connectionString: string;
  /**
   * The in-memory server, for every store of the spec to share; none with a real server, where
   * each store connects through the adapter's own client (connectEsdbClient) and disposes it.
   */
  client?: InMemoryEsdbClient;
};

export const openTestEsdb = (env: Record<string, string | undefined> = process.env): TestEsdb => {
  const connectionString = env.ESDB_CONNECTION_STRING;
  if (connectionString) return { connectionString };
  return { connectionString: 'esdb://in-memory:2113?tls=false', client: createInMemoryEsdbClient() };
};
