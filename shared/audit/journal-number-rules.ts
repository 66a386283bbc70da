/**
 * The gap test of the journals' entry numbers (audit/entry-numbers.ts), pure: which numbers of
 * the run 1..count no journal holds, and which more than one holds. Numbers above `count` were
 * given after the count was read, and are not the test's.
 */

/** Gaps and repeats listed at most (the counts say how many in all). */
export const LISTED = 100;

export interface NumberRun {
  count: number;
  /** Journals holding a number of the run. */
  found: number;
  /** Numbers of the run no journal holds, and the first LISTED of their stretches. */
  missing: number;
  gaps: Array<{ from: number; to: number }>;
  /** The first LISTED numbers held by more than one journal. */
  repeated: number[];
}

/** The run 1..`count` against the numbers journals hold (in any order). */
export function numberRun(count: number, numbers: Iterable<number>): NumberRun {
  // How many journals hold each number, up to 2.
  const held = new Uint8Array(count + 1);
  let found = 0;
  for (const n of numbers) {
    if (!Number.isInteger(n) || n < 1 || n > count) continue;
    found++;
    if (held[n]! < 2) held[n]!++;
  }
  const gaps: Array<{ from: number; to: number }> = [];
  const repeated: number[] = [];
  let missing = 0;
  for (let n = 1; n <= count; n++) {
    if (held[n] === 2 && repeated.length < LISTED) repeated.push(n);
    if (held[n] !== 0) continue;
    missing++;
    const last = gaps.at(-1);
    if (last && last.to === n - 1) last.to = n;
    else if (gaps.length < LISTED) gaps.push({ from: n, to: n });
  }
  return { count, found, missing, gaps, repeated };
}
