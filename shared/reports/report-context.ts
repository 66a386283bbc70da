import type { BooksKnownAt } from '../audit/known-at.ts';
import type { PeriodSpan, YearRecord } from '../financial-years/records.ts';
import { NotFound } from '../errors.ts';
import { buildChart, type Chart } from './account-tree.ts';
import type { ChartReads, ReportBooks } from './store.ts';

/** What every report of a company reads first: its currency, its chart, its years and their periods, and the books it reads its figures from. */
export interface ReportContext<B extends ChartReads = ReportBooks> {
  currency: string;
  precision: number;
  chart: Chart;
  years: YearRecord[];
  /** Every period of every year, by start date. */
  periods: PeriodSpan[];
  /** As known at a moment: the changes its figures take back (audit/known-at.ts); undefined for the books of now. */
  known?: BooksKnownAt | undefined;
  books: B;
}

/** A report's context; with the chart's reads alone (a journals export names accounts from it), one without figures. */
export async function reportContext<B extends ChartReads>(books: B, companyId: string, known?: BooksKnownAt): Promise<ReportContext<B>> {
  const [settings, records, years] = await Promise.all([books.settings(companyId), books.accounts(companyId), books.years(companyId)]);
  years.sort((a, b) => (a.startDate < b.startDate ? -1 : 1));
  if (!settings) throw new NotFound('The company settings');
  return {
    currency: settings.baseCurrency,
    precision: settings.decimalPrecision,
    chart: buildChart(records),
    years,
    periods: years.flatMap((y) => y.periods.map((p) => ({ id: p.id, startDate: p.startDate, endDate: p.endDate }))),
    known,
    books,
  };
}
