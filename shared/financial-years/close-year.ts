import { hasDraftJournalsBetween } from '../db/journal-queries.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { mustGetYear, replaceYearOps } from '../db/year-store.ts';
import { VersionConflict } from '../errors.ts';
import { checkYearCanClose } from './rules.ts';

/**
 * Closes a year: every period closed and no draft journal dated inside it. Returns nothing
 * (the endpoint answers 200 with an empty body). Errors: NotFound, VersionConflict,
 * StateConflict (InvalidState, PeriodsNotClosed, UnpostedJournals).
 */
export async function closeYear(uow: UnitOfWork, companyId: string, yearId: string, version: number): Promise<null> {
  const year = await mustGetYear(companyId, yearId);
  if (year.version !== version) throw new VersionConflict();
  const drafts = await hasDraftJournalsBetween(companyId, year.startDate, year.endDate);
  checkYearCanClose(year.status, year.periods.map((p) => p.status), drafts ? 1 : 0);
  const closed = { ...year, status: 'closed' as const, version: year.version + 1, updatedAt: new Date().toISOString() };
  return uow.commit(replaceYearOps(companyId, year, closed), null);
}
