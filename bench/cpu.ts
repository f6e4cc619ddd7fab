import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS = 100;

/**
 * CPU seconds used so far by a process, and with `children`:
 *   'ended' also by the processes it started that have ended (reaped into its cutime and cstime), such as pgbench;
 *   'all'   also by those still running (their own time): PostgreSQL's backends come and go with the pools.
 */
export function cpuSeconds(pid: number, children: 'none' | 'ended' | 'all' = 'none'): number {
  const stat = (p: string) => {
    try {
      // Without ') ' (the process ended mid-read) the split below throws, and the catch answers for it.
      const f = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return { ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14]) };
    } catch {
      return { ppid: -1, own: 0, reaped: 0 };
    }
  };
  const self = stat(String(pid));
  let total = self.own;
  if (children !== 'none') total += self.reaped;
  if (children === 'all') {
    for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      const t = stat(p);
      if (t.ppid === pid) total += t.own;
    }
  }
  return total / CLOCK_TICKS;
}
