import { MemorySpool, type Spool } from './spool.ts';

/** Caps held in memory: an API answer's file is at most 4 MiB (limits.ts), an export job's up to 1 GiB. */
export const MEMORY_BYTES = 16 * 1024 * 1024;

/** A spool for a part of at most `cap` bytes: in memory when the cap is small, on local disk otherwise (its module loaded on that path only). */
export async function spoolFor(cap: number): Promise<Spool> {
  if (cap <= MEMORY_BYTES) return new MemorySpool(cap);
  return (await import('./disk-spool.ts')).diskSpool(cap);
}
