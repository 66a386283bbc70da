import type { UnitOfWork } from '../unit-of-work.ts';
import type { YearRecord } from './records.ts';
import type { YearDeleting, YearReads, YearReplacing } from './store.ts';
import { StateConflict, VersionConflict } from '../errors.ts';
import { buildPeriods, checkNoOverlap, defaultYearName } from './build-year.ts';
import type { UpdateYearInput } from './schemas.ts';
import { yearView, type YearView } from './views.ts';

async function openYear(years: YearReads, companyId: string, yearId: string, version: number): Promise<YearRecord> {
  const year = await years.get(companyId, yearId);
  if (year.version !== version) throw new VersionConflict();
  if (year.status === 'closed') throw new StateConflict('InvalidState', 'The financial year is closed, and a closed year is never reopened: it cannot change.');
  return year;
}

/**
 * Updates a year. A name-only change is a plain versioned write; changing the dates or the
 * periods regenerates the periods (all open) and is refused once anything was posted into
 * the year. Errors: NotFound, VersionConflict, StateConflict (InvalidState, HasPostings), ValidationError.
 */
export async function updateYear(years: YearReplacing, uow: UnitOfWork, companyId: string, yearId: string, input: UpdateYearInput): Promise<YearView> {
  const before = await openYear(years, companyId, yearId, input.version);
  const reshaped = input.startDate !== before.startDate || input.endDate !== before.endDate || input.periods !== undefined;
  const after: YearRecord = {
    ...before,
    name: input.name ?? defaultYearName(input),
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
  };
  if (!reshaped) return uow.commit(years.replaceChanges(companyId, before, after), yearView(after));

  const periods = buildPeriods(input);
  const registry = await years.registry(companyId);
  checkNoOverlap(input, registry.years, yearId);
  const reshapedYear = { ...after, startDate: input.startDate, endDate: input.endDate, periods };
  let view: YearView | undefined;
  await years.whileNoPostings(companyId, before, async (hold) => {
    view = await uow.commit(years.replaceChanges(companyId, before, reshapedYear, registry, hold), yearView(reshapedYear));
  });
  return view!;
}

/** Deletes an open year nothing was ever posted into. Errors: NotFound, VersionConflict, StateConflict (InvalidState, HasPostings). */
export async function deleteYear(years: YearDeleting, uow: UnitOfWork, companyId: string, yearId: string, version: number): Promise<null> {
  const year = await openYear(years, companyId, yearId, version);
  const registry = await years.registry(companyId);
  await years.whileNoPostings(companyId, year, async (hold) => {
    await uow.commit(years.deleteChanges(companyId, year, registry, hold), null);
  });
  return null;
}
