import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** bench/results.json, which the three benchmarks share. */
const FILE = resolve(import.meta.dirname, 'results.json');

/** Writes the given top-level fields of bench/results.json, keeping every other benchmark's. */
export function saveResults(fields: Record<string, unknown>): void {
  const previous = existsSync(FILE) ? (JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(FILE, `${JSON.stringify({ ...previous, ...fields }, null, 2)}\n`);
}
