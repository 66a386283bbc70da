import { paginateArray } from '../db/table/paginate-array.ts';
import { mapPage } from '../db/table/paginate.ts';
import { mustGetYear, yearsPage } from '../db/stores/year-store.ts';
import { NotFound } from '../errors.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import { periodView, yearView, type PeriodView, type YearView } from './views.ts';

/** Errors: NotFound. */
export async function getYearView(companyId: string, yearId: string): Promise<YearView> {
  return yearView(await mustGetYear(companyId, yearId));
}

/** orderBy `StartDate`; the keyword matches the year's name. Errors: ValidationError (InvalidCursor). */
export async function listYears(companyId: string, query: ListQuery<'StartDate'>): Promise<Page<YearView>> {
  return mapPage(await yearsPage(companyId, query, query.keyword?.toLowerCase() ?? ''), yearView);
}

/** Errors: NotFound. */
export async function getPeriodView(companyId: string, yearId: string, periodId: string): Promise<PeriodView> {
  const year = await mustGetYear(companyId, yearId);
  const period = year.periods.find((p) => p.id === periodId);
  if (!period) throw new NotFound('The period');
  return periodView(year, period);
}

/** The year's periods (at most 24, so paged in memory), orderBy `StartDate`; the keyword matches the name. Errors: NotFound, ValidationError (InvalidCursor). */
export async function listPeriods(companyId: string, yearId: string, query: ListQuery<'StartDate'>): Promise<Page<PeriodView>> {
  const year = await mustGetYear(companyId, yearId);
  const keyword = query.keyword?.toLowerCase() ?? '';
  const periods = year.periods.filter((p) => p.name.toLowerCase().includes(keyword)).map((p) => periodView(year, p));
  return paginateArray(periods, (p) => p.startDate, query, {
    companyId,
    endpoint: `periods.list:${yearId}`,
    orderBy: query.orderBy,
    orderAsc: query.orderAsc,
    filters: { keyword },
  });
}
