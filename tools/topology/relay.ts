// The database as a host of the topology reaches a managed one: over TCP at an address of
// its network. The embedded server listens on this machine's loopback only, so a relay on
// each host's gateway address carries the connections to it.

import { connect, createServer, type Server, type Socket } from 'node:net';

export const startTcpRelay = async (options: {
  listen: { host: string; port: number };
  target: { host: string; port: number };
  /** Each connection's port as the database sees it (pg_stat_activity.client_port). */
  onConnection?: (clientPort: number) => void;
}) => {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server: Server = createServer((client) => {
    const upstream = connect(options.target.port, options.target.host, () => options.onConnection?.(upstream.localPort ?? 0));
    track(client);
    track(upstream);
    // A database that went away ends the client's connection, as it would end a direct one.
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.listen.port, options.listen.host, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
