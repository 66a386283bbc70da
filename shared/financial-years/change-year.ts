import type { UnitOfWork } from '../unit-of-work.ts';
import { deleteYearOps, getRegistry, mustGetYear, replaceYearOps, withNoPostings } from '../db/stores/year-store.ts';
import type { YearRecord } from './records.ts';
import { StateConflict, VersionConflict } from '../errors.ts';
import { buildPeriods, checkNoOverlap, defaultYearName } from './build-year.ts';
import type { UpdateYearInput } from './schemas.ts';
import { yearView, type YearView } from './views.ts';

async function openYear(companyId: string, yearId: string, version: number): Promise<YearRecord> {
  const year = await mustGetYear(companyId, yearId);
  if (year.version !== version) throw new VersionConflict();
  if (year.status === 'closed') throw new StateConflict('InvalidState', 'The financial year is closed, and a closed year is never reopened: it cannot change.');
  return year;
}

/**
 * Updates a year. A name-only change is a plain versioned write; changing the dates or the
 * periods regenerates the periods (all open) and is refused once anything was posted into
 * the year. Errors: NotFound, VersionConflict, StateConflict (InvalidState, HasPostings), ValidationError.
 */
export async function updateYear(uow: UnitOfWork, companyId: string, yearId: string, input: UpdateYearInput): Promise<YearView> {
  const before = await openYear(companyId, yearId, input.version);
  const reshaped = input.startDate !== before.startDate || input.endDate !== before.endDate || input.periods !== undefined;
  const after: YearRecord = {
    ...before,
    name: input.name ?? defaultYearName(input),
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
  };
  if (!reshaped) return uow.commit(replaceYearOps(companyId, before, after), yearView(after));

  const periods = buildPeriods(input);
  const registry = await getRegistry(companyId);
  checkNoOverlap(input, registry.years, yearId);
  const reshapedYear = { ...after, startDate: input.startDate, endDate: input.endDate, periods };
  let view: YearView | undefined;
  await withNoPostings(companyId, before, async (guard) => {
    view = await uow.commit(replaceYearOps(companyId, before, reshapedYear, registry, guard), yearView(reshapedYear));
  });
  return view!;
}

/** Deletes an open year nothing was ever posted into. Errors: NotFound, VersionConflict, StateConflict (InvalidState, HasPostings). */
export async function deleteYear(uow: UnitOfWork, companyId: string, yearId: string, version: number): Promise<null> {
  const year = await openYear(companyId, yearId, version);
  const registry = await getRegistry(companyId);
  await withNoPostings(companyId, year, async (guard) => {
    await uow.commit(deleteYearOps(companyId, year, registry, guard), null);
  });
  return null;
}
