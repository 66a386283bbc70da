import type { RowError } from '../records.ts';

/** A plan's errors with each field of a SAF-T file's row named by its element path (pure). */
export function namedByPath(errors: readonly RowError[], paths: ReadonlyMap<number, Record<string, string>>): RowError[] {
  return errors.map((e) => {
    const path = paths.get(e.row)?.[e.field];
    return path ? { ...e, field: path } : e;
  });
}
