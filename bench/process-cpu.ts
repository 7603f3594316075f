// CPU seconds spent by a process and by a PostgreSQL cluster, read from /proc, so the bench can
// say what a command costs the machine and not only how fast it comes back.

import { readdirSync, readFileSync } from 'node:fs';

// Clock ticks on Linux are 1/100 s (sysconf(_SC_CLK_TCK) is 100 on every kernel Node supports here).
const TICKS_PER_SECOND = 100;

type Stat = { ppid: string; user: number; system: number };

const readStat = (pid: string | number): Stat => {
  // After the command name's closing parenthesis: the name itself may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return {
    ppid: fields[1]!,
    user: Number(fields[11]) / TICKS_PER_SECOND,
    system: Number(fields[12]) / TICKS_PER_SECOND,
  };
};

/** utime and stime of one process (all its threads), in seconds. */
export const readProcessCpu = (pid: number) => {
  const { user, system } = readStat(pid);
  return { user, system };
};

/**
 * CPU of the PostgreSQL cluster listening on this port: its postmaster and every process it
 * forked (backends, WAL writer, checkpointer), in seconds.
 */
export const readClusterCpu = (port: string) => {
  const stats = new Map<string, Stat>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      stats.set(pid, readStat(pid));
    } catch {
      // Ended while listed.
    }
  }
  const postmasters = [...stats.keys()].filter((pid) => {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return args[0]!.endsWith('postgres') && args.includes(port);
    } catch {
      return false;
    }
  });
  return [...stats].reduce(
    (sum, [pid, stat]) => (postmasters.includes(pid) || postmasters.includes(stat.ppid) ? sum + stat.user + stat.system : sum),
    0,
  );
};
