import type { Context } from 'aws-lambda';
import { occurrenceGenerating } from '../../shared/db/stores/schedule-generating-ports.ts';
import { generateDueOccurrences } from '../../shared/schedules/generate-occurrences.ts';

/** Time left when the worker stops taking templates: far longer than one template's occurrences take. */
const MARGIN_MS = 60_000;

/** Today in UTC, as occurrence dates are calendar days. */
const today = () => new Date().toISOString().slice(0, 10);

/** The schedule worker on the table: this function's, the local stack's (infra/local/schedule-worker.ts) and the tests'. */
export const runSchedules = (options: { today?: string; deadline?: number; limit?: number; companyId?: string } = {}) => generateDueOccurrences(occurrenceGenerating, options.today ?? today(), options);

/**
 * Generates the recurring journals due (shared/schedules/generate-occurrences.ts). Run every few
 * minutes by a schedule; a run cut short by its timeout or a crash is finished by the next, each
 * occurrence generated once whatever runs at once.
 */
export async function handler(_event: unknown, context: Context): Promise<{ generated: number; blocked: number; deferred: number }> {
  return runSchedules({ deadline: Date.now() + context.getRemainingTimeInMillis() - MARGIN_MS });
}
