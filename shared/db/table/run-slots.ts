import { setTimeout as sleep } from 'node:timers/promises';
import type { BulkRuns } from '../../bulk-runs.ts';
import type { AppError } from '../../errors.ts';
import { releaseRunSlot, takeRunSlot } from '../stores/run-slot-store.ts';
import { withReadPace } from './read-pace.ts';

/** A slot outlives the longest request (29 s), so a live run never loses it; a crashed one frees it within this. */
const LEASE_MS = 60_000;

/**
 * Runs `work` holding one of the company's `slots` for bulk reads of `kind` (Verify requests,
 * export files), so that a company's bulk readers cannot pile up and starve its own, and the
 * table's, other requests. With every slot held it tries again for up to `waitMs` (each try one
 * conditional write, at most one a second), then answers `refused` (a 429 with Retry-After).
 * The work's reads keep to `readsPerSecond` (db/table/read-pace.ts; an export file's
 * config.bulkReadItemsPerSecond, a Verify request's verifyReadItemsPerSecond), so the slots bound
 * what a company's bulk readers take from the table, not only how many there are.
 */
export const bulkRuns: BulkRuns = { run: inRunSlot };

async function inRunSlot<T>(companyId: string, kind: 'verify' | 'export', slots: number, readsPerSecond: number, refused: () => AppError, work: () => Promise<T>, waitMs = 0): Promise<T> {
  const until = Date.now() + waitMs;
  let run = await takeRunSlot(companyId, kind, slots, LEASE_MS);
  for (let pause = 200; !run && Date.now() + pause <= until; pause = Math.min(pause * 2, 1000)) {
    await sleep(pause * (0.5 + Math.random() / 2));
    run = await takeRunSlot(companyId, kind, slots, LEASE_MS);
  }
  if (!run) throw refused();
  try {
    return await withReadPace(readsPerSecond, work);
  } finally {
    // A slot not freed (the table away) frees itself when its lease runs out.
    await releaseRunSlot(companyId, kind, run).catch(() => undefined);
  }
}
