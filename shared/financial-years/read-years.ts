import { keys } from '../db/keys.ts';
import { paginateArray } from '../db/paginate-array.ts';
import { keywordListPage } from '../db/paginate.ts';
import { mustGetYear, yearFromItem } from '../db/year-store.ts';
import { NotFound } from '../errors.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import { periodView, yearView, type PeriodView, type YearView } from './views.ts';

/** Errors: NotFound. */
export async function getYearView(companyId: string, yearId: string): Promise<YearView> {
  return yearView(await mustGetYear(companyId, yearId));
}

/** orderBy `StartDate`; the keyword matches the year's name. */
export async function listYears(companyId: string, query: ListQuery<'StartDate'>): Promise<Page<YearView>> {
  const keyword = query.keyword?.toLowerCase() ?? '';
  const page = await keywordListPage(
    { index: 'gsi1', partition: keys.yearListPartition(companyId), companyId, endpoint: 'financialYears.list', keywordAttribute: 'searchName' },
    query,
    keyword,
  );
  return { ...page, results: page.results.map((item) => yearView(yearFromItem(item))) };
}

export async function getPeriodView(companyId: string, yearId: string, periodId: string): Promise<PeriodView> {
  const year = await mustGetYear(companyId, yearId);
  const period = year.periods.find((p) => p.id === periodId);
  if (!period) throw new NotFound('The period');
  return periodView(year, period);
}

/** The year's periods (at most 24, so paged in memory), orderBy `StartDate`; the keyword matches the name. */
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
