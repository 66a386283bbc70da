import { readFileSync } from 'node:fs';

/** A process's resident memory in MB (VmRSS in /proc/<pid>/status), or 0 once it has ended. */
export function residentMegabytes(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 102.4) / 10 : 0;
  } catch {
    return 0;
  }
}

/** Samples processes' resident memory every `everyMs`: each one's peak and last value since the last reset. */
export class MemorySampler {
  private readonly peaks = new Map<string, number>();
  private readonly last = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pids: Record<string, number>, everyMs = 1000) {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  private sample(): void {
    for (const [name, pid] of Object.entries(this.pids)) {
      const mb = residentMegabytes(pid);
      this.last.set(name, mb);
      this.peaks.set(name, Math.max(mb, this.peaks.get(name) ?? 0));
    }
  }

  /** Peak and current MB per process, then starts a new window. */
  window(): Record<string, { peakMb: number; endMb: number }> {
    this.sample();
    const figures = Object.fromEntries(Object.keys(this.pids).map((name) => [name, { peakMb: this.peaks.get(name)!, endMb: this.last.get(name)! }]));
    this.peaks.clear();
    return figures;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
