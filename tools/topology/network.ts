// Where each service of the topology runs: a network namespace of its own joined to this
// machine by a veth pair (a host with its own address, as a container is), or, where
// namespaces cannot be made (not root, no `ip`), this machine's loopback on a port of its own.

import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { findFreePort } from '@acres/platform/net';

const run = promisify(execFile);
const ip = (...args: string[]) => run('ip', args);

export type Host = {
  name: string;
  /** Where the service listens and the proxy reaches it. */
  address: string;
  /** This machine's address as the host sees it (where it reaches the database). */
  gateway: string;
  /** The port for a service whose usual port is `port`: its own on a host of its own. */
  portFor: (port: number) => Promise<number>;
  /** The command line that runs `command` inside the host. */
  wrap: (command: string[]) => string[];
};

export type Network = {
  kind: 'netns' | 'loopback';
  /** Why namespaces were not used, when they were wanted. */
  fallbackReason?: string;
  /** An address of this machine every host reaches (for a service outside the topology, e.g. a bucket). */
  machineAddress: string;
  addHost: (name: string) => Promise<Host>;
  teardown: () => Promise<void>;
};

const hasSetpriv = () => spawnSync('setpriv', ['--version']).status === 0;

/** Children get SIGTERM when this process dies, even by SIGKILL: nothing is left running. */
export const withDeathSignal = (command: string[]) =>
  hasSetpriv() ? ['setpriv', '--pdeathsig=SIGTERM', '--', ...command] : command;

const PREFIX = 'acres-topo-';

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Namespaces of an earlier run whose process is gone (killed before it could clean up). */
const removeStaleNamespaces = async () => {
  const { stdout } = await ip('netns', 'list');
  for (const name of stdout.split('\n').map((line) => line.split(' ')[0] ?? '')) {
    const pid = Number(new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (!pid) continue;
    const alive = isAlive(pid);
    if (!alive) {
      await ip('netns', 'del', name).catch(() => undefined);
      await ip('link', 'del', `at${pid}m`.slice(0, 14)).catch(() => undefined);
    }
  }
};

const createNamespaces = async (): Promise<Network> => {
  await removeStaleNamespaces();
  const names: string[] = [];
  // 10.<run>.<host>.0/30 per host: the run's octet from the pid keeps parallel runs apart.
  const run = 100 + (process.pid % 150);
  // This machine's own address in the run's range, on a link removed at teardown.
  const machine = `at${process.pid}m`.slice(0, 14);
  const machineAddress = `10.${run}.0.1`;
  // A veth pair kept on this machine (no dummy driver everywhere): up at both ends, it carries the address.
  await ip('link', 'add', machine, 'type', 'veth', 'peer', 'name', `${machine}p`.slice(0, 15));
  await ip('addr', 'add', `${machineAddress}/32`, 'dev', machine);
  await ip('link', 'set', machine, 'up');
  await ip('link', 'set', `${machine}p`.slice(0, 15), 'up');
  const addHost = async (name: string): Promise<Host> => {
    const index = names.length + 1;
    const namespace = `${PREFIX}${process.pid}-${index}`;
    names.push(namespace);
    const outside = `at${process.pid}h${index}`.slice(0, 15);
    const inside = `at${process.pid}n${index}`.slice(0, 15);
    const gateway = `10.${run}.${index}.1`;
    const address = `10.${run}.${index}.2`;
    await ip('netns', 'add', namespace);
    await ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
    await ip('link', 'set', inside, 'netns', namespace);
    await ip('addr', 'add', `${gateway}/30`, 'dev', outside);
    await ip('link', 'set', outside, 'up');
    const exec = (...args: string[]) => ip('netns', 'exec', namespace, 'ip', ...args);
    await exec('addr', 'add', `${address}/30`, 'dev', inside);
    await exec('link', 'set', inside, 'up');
    await exec('link', 'set', 'lo', 'up');
    // Everything else of this machine (its other addresses) through the host's own link.
    await exec('route', 'add', 'default', 'via', gateway);
    return {
      name,
      address,
      gateway,
      portFor: async (port) => port,
      wrap: (command) => ['ip', 'netns', 'exec', namespace, ...command],
    };
  };
  const teardown = async () => {
    // Deleting a namespace deletes the veth end in it, and with it the pair.
    for (const namespace of names.splice(0)) await ip('netns', 'del', namespace).catch(() => undefined);
    await ip('link', 'del', machine).catch(() => undefined);
  };
  return { kind: 'netns', machineAddress, addHost, teardown };
};

const createLoopback = (): Network => ({
  kind: 'loopback',
  machineAddress: '127.0.0.1',
  addHost: async (name) => ({
    name,
    address: '127.0.0.1',
    gateway: '127.0.0.1',
    // The workers' metrics servers listen on every address: one port each.
    portFor: () => findFreePort(),
    wrap: (command) => command,
  }),
  teardown: async () => undefined,
});

/** Namespaces when this machine lets us make them (tried, not guessed), else loopback. */
export const createNetwork = async (prefer: 'netns' | 'loopback' = 'netns'): Promise<Network> => {
  if (prefer === 'loopback') return createLoopback();
  const probe = `${PREFIX}${process.pid}-probe`;
  try {
    await ip('netns', 'add', probe);
    await ip('netns', 'del', probe);
    return await createNamespaces();
  } catch (error) {
    return { ...createLoopback(), fallbackReason: (error as Error).message.split('\n')[0] };
  }
};
