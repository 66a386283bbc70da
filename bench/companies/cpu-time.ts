import { readFileSync } from 'node:fs';

/** Clock ticks a second in /proc (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** CPU seconds a process has used (user + system, from /proc/<pid>/stat), 0 once it has ended. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds every process of the machine has used (all of /proc/stat's busy columns), to tell the run's own load from others'. */
export function machineBusySeconds(): number {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS;
}

/** CPU seconds of the named processes, of this one (the clients) and of the whole machine, from `begin()` to the call it returns. */
export function cpuMeter(pids: Record<string, number>) {
  const read = (): Record<string, number> => {
    const own = process.cpuUsage();
    return { ...Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, processCpuSeconds(pid)])), clients: (own.user + own.system) / 1e6, machine: machineBusySeconds() };
  };
  return {
    begin() {
      const before = read();
      return () => {
        const after = read();
        return Object.fromEntries(Object.keys(after).map((name) => [name, after[name]! - before[name]!]));
      };
    },
  };
}
