import { NotFound } from '../errors.ts';
import { mapPage, type ListQuery, type Page } from '../schemas/list-query.ts';
import type { PeriodList, YearList, YearReads } from './store.ts';
import { periodView, yearView, type PeriodView, type YearView } from './views.ts';

/** Errors: NotFound. */
export async function getYearView(years: YearReads, companyId: string, yearId: string): Promise<YearView> {
  return yearView(await years.get(companyId, yearId));
}

/** orderBy `StartDate`; the keyword matches the year's name. Errors: ValidationError (InvalidCursor). */
export async function listYears(years: YearList, companyId: string, query: ListQuery<'StartDate'>): Promise<Page<YearView>> {
  return mapPage(await years.page(companyId, query, query.keyword?.toLowerCase() ?? ''), yearView);
}

/** Errors: NotFound. */
export async function getPeriodView(years: YearReads, companyId: string, yearId: string, periodId: string): Promise<PeriodView> {
  const year = await years.get(companyId, yearId);
  const period = year.periods.find((p) => p.id === periodId);
  if (!period) throw new NotFound('The period');
  return periodView(year, period);
}

/** The year's periods (at most 24, so paged in memory), orderBy `StartDate`; the keyword matches the name. Errors: NotFound, ValidationError (InvalidCursor). */
export async function listPeriods(years: PeriodList, companyId: string, yearId: string, query: ListQuery<'StartDate'>): Promise<Page<PeriodView>> {
  const year = await years.get(companyId, yearId);
  const keyword = query.keyword?.toLowerCase() ?? '';
  const periods = year.periods.filter((p) => p.name.toLowerCase().includes(keyword)).map((p) => periodView(year, p));
  return years.pageOf(companyId, yearId, periods, query, keyword);
}
