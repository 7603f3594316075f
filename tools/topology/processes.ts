// One process of the topology: started from its command line, watched until /healthz
// answers, killed and started again on the same host (the spec's failures), stopped in order.

import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const KEPT_CHARACTERS = 20_000;

export type ManagedProcess = {
  name: string;
  /** Where /healthz answers (undefined for a one-shot). */
  healthUrl: string | undefined;
  pid: () => number | undefined;
  output: () => string;
  /** Settles when the current child ends. */
  exited: () => Promise<number | null>;
  start: () => Promise<void>;
  kill: (signal: NodeJS.Signals) => void;
  stop: (boundMs?: number) => Promise<void>;
};

export const waitHealthy = async (url: string, options: { timeoutMs: number; gone?: () => boolean; what: string }) => {
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (options.gone?.()) throw new Error(`${options.what} exited before ${url} answered`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(150);
  }
  throw new Error(`${options.what}: ${url} did not answer 200 within ${options.timeoutMs} ms`);
};

export const createManagedProcess = (options: {
  name: string;
  command: string[];
  env: Record<string, string>;
  cwd: string;
  healthUrl?: string;
  readyTimeoutMs?: number;
  /** Each line it writes, for the operator's terminal. */
  onOutput?: (name: string, text: string) => void;
}): ManagedProcess => {
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);
  let output = '';
  const record = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output = (output + text).slice(-KEPT_CHARACTERS);
    options.onOutput?.(options.name, text);
  };
  const start = async () => {
    const [program = '', ...args] = options.command;
    // A session of its own: Ctrl-C in the terminal reaches this script alone, which
    // stops the proxy first and the database last.
    const current = spawn(program, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child = current;
    current.stdout?.on('data', record);
    current.stderr?.on('data', record);
    let gone = false;
    exited = new Promise((resolve) =>
      current.on('exit', (code) => {
        gone = true;
        resolve(code);
      }),
    );
    if (!options.healthUrl) return;
    try {
      await waitHealthy(options.healthUrl, { timeoutMs: options.readyTimeoutMs ?? 90_000, gone: () => gone, what: options.name });
    } catch (error) {
      current.kill('SIGKILL');
      throw new Error(`${(error as Error).message}\n${output.slice(-4_000)}`);
    }
  };
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  return {
    name: options.name,
    healthUrl: options.healthUrl,
    pid: () => child?.pid,
    output: () => output,
    exited: () => exited,
    start,
    kill: (signal) => {
      if (running()) child!.kill(signal);
    },
    stop: async (boundMs = 15_000) => {
      if (!running()) return;
      child!.kill('SIGTERM');
      const ended = await Promise.race([exited.then(() => true), sleep(boundMs, false)]);
      if (!ended) {
        child!.kill('SIGKILL');
        await exited;
      }
    },
  };
};
