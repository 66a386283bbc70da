import { currentAuditHead } from '../audit/audit-head.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { VersionConflict } from '../errors.ts';
import { checkYearCanClose, yearCloseRefusal } from './rules.ts';
import type { YearClosing } from './store.ts';
import { yearView } from './views.ts';

/**
 * Closes a year: every period closed and no draft journal dated inside it. Returns nothing
 * (the endpoint answers 200 with an empty body); stores the chain's head on the year and
 * records the closed year, head included, in its event. Errors: NotFound, VersionConflict,
 * StateConflict (InvalidState, PeriodsNotClosed, UnpostedJournals).
 */
export async function closeYear(years: YearClosing, uow: UnitOfWork, companyId: string, yearId: string, version: number): Promise<null> {
  const year = await years.get(companyId, yearId);
  if (year.version !== version) throw new VersionConflict();
  checkYearCanClose(companyId, year, 0);
  // The close records the chain's head: every change committed before it (docs/decisions.md, Audit).
  const closed = { ...year, status: 'closed' as const, version: year.version + 1, updatedAt: new Date().toISOString(), auditHead: await currentAuditHead(years, companyId) };
  // Drafts are counted while the year holds off new ones (and new postings), so none can slip in
  // before the close; what the hold puts again with the year says closed from then on.
  await years.whileHeld(
    companyId,
    year,
    async () => yearCloseRefusal(companyId, year, (await years.hasDraftsBetween(companyId, year.startDate, year.endDate)) ? 1 : 0),
    async (hold) => {
      await uow.commit(years.replaceChanges(companyId, year, closed, undefined, hold), null, { described: yearView(closed) });
    },
  );
  return null;
}
