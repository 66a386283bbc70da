import { execFileSync } from 'node:child_process';

/**
 * The live heap of a JVM in MB: a full collection (`jcmd <pid> GC.run`), then the heap's used
 * size (`GC.heap_info`). Resident memory alone cannot tell data kept from garbage not yet
 * collected, as a JVM grows its heap towards its maximum before collecting hard. Undefined when
 * the JDK's jcmd is not installed.
 */
export function liveHeapMegabytes(pid: number): number | undefined {
  try {
    execFileSync('jcmd', [String(pid), 'GC.run'], { stdio: 'ignore', timeout: 30_000 });
    const info = execFileSync('jcmd', [String(pid), 'GC.heap_info'], { encoding: 'utf8', timeout: 30_000 });
    const kb = /used (\d+)K/.exec(info)?.[1];
    return kb ? Math.round(Number(kb) / 102.4) / 10 : undefined;
  } catch {
    return undefined;
  }
}
