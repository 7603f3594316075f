// `npm run topology` without the terminal: the production shape of docker-compose.yml started
// as processes of this machine from the one service description (services.ts). The
// topology spec starts it through this very function.

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '@acres/platform/embedded';
import { findFreePort } from '@acres/platform/net';
import { environmentFor } from './environment.ts';
import { createNetwork, withDeathSignal, type Host } from './network.ts';
import { createManagedProcess, type ManagedProcess } from './processes.ts';
import { startProxy } from './proxy.ts';
import { startTcpRelay } from './relay.ts';
import { resolveTopologySecrets } from './secrets.ts';
import { PROXY_PORT, SERVICES, type ServiceDescription, type UpstreamName } from './services.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PG_PORT = 5432;

export type TopologyOptions = {
  dataDir: string;
  /** The proxy's port on 127.0.0.1 (HTTP_PORT; 0 = any free one). */
  proxyPort?: number;
  env?: Record<string, string | undefined>;
  network?: 'netns' | 'loopback';
  webRoot?: string;
  /** Variables known once the network is (e.g. a bucket on its machine address), over `env`. */
  extraEnv?: (machineAddress: string) => Promise<Record<string, string>>;
  onOutput?: (name: string, text: string) => void;
};

export type ServiceInstance = { service: ServiceDescription; replica: number; host: Host; process: ManagedProcess };

export const startTopology = async (options: TopologyOptions) => {
  let env = options.env ?? process.env;
  const dataDir = path.resolve(options.dataDir);
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const { secrets, file: secretsFile, generated } = await resolveTopologySecrets(dataDir, env);
    const postgres = await startEmbeddedPostgres({ dataDir, persistent: true });
    cleanups.push(() => postgres.stop());
    await postgres.ensureDatabase('acres');
    const network = await createNetwork(options.network ?? (env.TOPOLOGY_NETWORK === 'loopback' ? 'loopback' : 'netns'));
    cleanups.push(() => network.teardown());
    if (options.extraEnv) env = { ...env, ...(await options.extraEnv(network.machineAddress)) };
    // Which host each database connection came from, by its port as PostgreSQL sees it.
    const databaseClients = new Map<number, string>();
    const databaseUrlFor = async (host: Host) => {
      if (host.gateway === '127.0.0.1') return postgres.tcpUrlFor('acres');
      const relay = await startTcpRelay({
        listen: { host: host.gateway, port: PG_PORT },
        target: { host: '127.0.0.1', port: postgres.port },
        onConnection: (port) => databaseClients.set(port, host.name),
      });
      cleanups.push(() => relay.close());
      return postgres.tcpUrlFor('acres').replace(`127.0.0.1:${postgres.port}`, `${host.gateway}:${PG_PORT}`);
    };

    const instances: ServiceInstance[] = [];
    const startService = async (service: ServiceDescription, replica: number) => {
      const name = service.replicas > 1 ? `${service.name}-${replica}` : service.name;
      const host = await network.addHost(name);
      const port = service.listen ? await host.portFor(service.listen.port) : undefined;
      const folder = service.name === 'notifier' ? 'outbox' : 'uploads';
      const values = {
        databaseUrl: await databaseUrlFor(host),
        address: host.address,
        port,
        dataDir: path.join(dataDir, folder),
        secrets,
      };
      const process = createManagedProcess({
        name,
        command: host.wrap(withDeathSignal([globalThis.process.execPath, '--import', 'tsx', service.entry])),
        env: environmentFor(service, values, env),
        cwd: REPO_ROOT,
        healthUrl: service.health ? `http://${host.address}:${port}${service.health}` : undefined,
        onOutput: options.onOutput,
      });
      const instance = { service, replica, host, process };
      instances.push(instance);
      cleanups.push(() => process.stop());
      await process.start();
      return instance;
    };

    // As compose orders them: the migrations once, then every service at the same time.
    for (const service of SERVICES.filter((entry) => entry.oneShot)) {
      const { process } = await startService(service, 1);
      const code = await process.exited();
      if (code !== 0) throw new Error(`${service.name} failed (exit code ${code}):\n${process.output()}`);
    }
    await Promise.all(
      SERVICES.filter((service) => !service.oneShot).flatMap((service) =>
        Array.from({ length: service.replicas }, (_, index) => startService(service, index + 1)),
      ),
    );

    instances.sort((a, b) => SERVICES.indexOf(a.service) - SERVICES.indexOf(b.service) || a.replica - b.replica);
    const upstreams = { command_api: [], query_api: [] } as Record<UpstreamName, string[]>;
    for (const { service, process } of instances) {
      if (service.upstream) upstreams[service.upstream].push(new URL(process.healthUrl!).host);
    }
    const webRoot = options.webRoot ?? path.join(REPO_ROOT, 'web', 'dist');
    const proxyFolder = await mkdtemp(path.join(os.tmpdir(), 'acres-proxy-'));
    cleanups.push(() => rm(proxyFolder, { recursive: true, force: true }));
    const proxyPort = options.proxyPort === 0 ? await findFreePort() : (options.proxyPort ?? PROXY_PORT);
    const proxy = await startProxy({
      repoRoot: REPO_ROOT,
      folder: proxyFolder,
      listen: { address: '127.0.0.1', port: proxyPort },
      upstreams,
      webRoot,
      s3Endpoint: env.S3_ENDPOINT,
      onOutput: options.onOutput,
    });
    cleanups.push(() => proxy.stop(5_000));
    return {
      url: `http://127.0.0.1:${proxyPort}`,
      network: network.kind,
      networkFallbackReason: network.fallbackReason,
      machineAddress: network.machineAddress,
      /** The host a database connection came from (netns only: on loopback they connect directly). */
      databaseClientOf: (clientPort: number) => databaseClients.get(clientPort),
      instances,
      proxy,
      postgres,
      secrets,
      secretsFile,
      secretsGenerated: generated,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};

export type Topology = Awaited<ReturnType<typeof startTopology>>;
