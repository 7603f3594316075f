// `npm run topology`: the production shape of docker-compose.yml on this machine, without
// Docker (docs/production.md). Ctrl-C stops everything it started, the proxy first and the
// database last.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startTopology } from './start-topology.ts';

const dataDir = path.resolve(process.env.TOPOLOGY_DATA_DIR || path.join(REPO_ROOT, '.data', 'topology'));
const webRoot = path.join(REPO_ROOT, 'web', 'dist');

// nginx serves the built SPA, as the proxy image carries it.
if (!existsSync(path.join(webRoot, 'index.html'))) {
  process.stdout.write('Building the SPA (web/dist) for the proxy to serve…\n');
  const build = spawnSync('npm', ['run', 'build', '-w', '@acres/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const prefixed = (name: string, text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `${name.padEnd(12)}| ${line}\n`)
    .join('');

process.stdout.write(`Starting the topology on ${dataDir}…\n`);
const topology = await startTopology({
  dataDir,
  proxyPort: Number(process.env.HTTP_PORT || 8080),
  webRoot,
  onOutput: (name, text) => process.stdout.write(prefixed(name, text)),
}).catch((error: unknown) => {
  process.stderr.write(`The topology did not start: ${(error as Error).message}\n`);
  process.exit(1);
});

let stopping = false;
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${signal}: stopping the proxy, the services, then PostgreSQL…\n`);
  await topology.stop();
  process.stdout.write('Stopped.\n');
  process.exit(0);
};
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));

const rows = topology.instances.map(
  ({ process: child, host }) =>
    `    ${child.name.padEnd(12)} ${host.address.padEnd(14)} ${child.healthUrl ?? '(one shot, done)'}   pid ${child.pid()}`,
);
const { secrets } = topology;
if (topology.networkFallbackReason) {
  process.stdout.write(`  (no network namespaces here: ${topology.networkFallbackReason})\n`);
}
process.stdout.write(
  [
    '',
    `  Acres (production topology, ${topology.network === 'netns' ? 'a network namespace per service' : 'loopback ports'}) is running at ${topology.url}`,
    `  Admin area: ${topology.url}/admin`,
    `  Admin username: ${secrets.ADMIN_USERNAME}   password: ${secrets.ADMIN_PASSWORD}` +
      (topology.secretsGenerated ? '   (generated now,' : '   (from') +
      ` ${topology.secretsFile}, with DATA_MASTER_KEY and the signing secrets)`,
    `  PostgreSQL: 127.0.0.1:${topology.postgres.port} (pid ${topology.postgres.supervisor.pid()}), data in ${dataDir}`,
    '  Services:',
    ...rows,
    '  Ctrl-C stops everything.',
    '',
  ].join('\n') + '\n',
);
