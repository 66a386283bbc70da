import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { YearRecord } from './records.ts';
import type { YearCreating } from './store.ts';
import { buildPeriods, checkNoOverlap, defaultYearName } from './build-year.ts';
import type { CreateYearInput } from './schemas.ts';
import { yearView, type YearView } from './views.ts';

/**
 * Creates an open financial year with open periods (calendar months unless given).
 * Errors: ValidationError (the range, the periods, Overlap), VersionConflict (a concurrent year change).
 */
export async function createYear(years: YearCreating, uow: UnitOfWork, companyId: string, input: CreateYearInput): Promise<YearView> {
  const periods = buildPeriods(input);
  const registry = await years.registry(companyId);
  checkNoOverlap(input, registry.years);
  const now = new Date().toISOString();
  const year: YearRecord = {
    id: randomUUID(),
    name: input.name ?? defaultYearName(input),
    startDate: input.startDate,
    endDate: input.endDate,
    status: 'open',
    version: 1,
    periods,
    createdAt: now,
    updatedAt: now,
  };
  return uow.commit(years.createChanges(companyId, year, registry), yearView(year));
}
