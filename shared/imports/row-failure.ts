import { AppError, ClaimLost } from '../errors.ts';
import { Unwritable } from './job-steps.ts';
import type { RowError } from './records.ts';

/**
 * A write the books refused, as an error of the row it came from (the API's field names mapped to
 * the file's columns), or a record whose writes cannot be built (Unwritable). Anything else (the
 * worker lost its claim, the database is unavailable, a defect) is no row's fault and is thrown
 * on: the job stays resumable.
 */
export function rowFailure(error: unknown, row: number, columns: Record<string, string>): RowError {
  if (error instanceof Unwritable) return { row, field: 'data', reason: error.message, code: 'Unwritable' };
  if (error instanceof ClaimLost || !(error instanceof AppError) || error.status >= 500) throw error;
  const item = error.items[0]!;
  return { row, field: columns[item.name] ?? item.name, reason: item.reason, code: item.code };
}
