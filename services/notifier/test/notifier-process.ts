// The notifier as a real OS process (services/notifier/src/main.ts under node with tsx, as
// the durability and standby specs run theirs), so a SIGKILL ends it with no goodbye: no
// graceful stop, no job outcome written, its database sessions (and their locks) gone.

import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export type NotifierProcess = {
  child: ChildProcess;
  /** Its stdout and stderr so far (JSON log lines at LOG_LEVEL, crashes). */
  output: () => string;
  exited: Promise<number | null>;
  /** Sends the signal and answers once the process is gone. */
  stop: (signal: NodeJS.Signals) => Promise<void>;
};

export const spawnNotifier = (env: Record<string, string>): NotifierProcess => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/notifier/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    stop: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
};
