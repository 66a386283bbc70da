import type { AccountAttributes } from '../accounts/records.ts';
import type { BooksKnownAt } from '../audit/known-at.ts';
import { allNodes } from '../db/stores/nodes/node-reads.ts';
import { getSettings } from '../db/stores/settings-store.ts';
import type { PeriodSpan, YearRecord } from '../financial-years/records.ts';
import { allYears } from '../financial-years/year-hint.ts';
import { NotFound } from '../errors.ts';
import { buildChart, type Chart } from './account-tree.ts';

/** What every report of a company reads first: its currency, its chart, its years and their periods. */
export interface ReportContext {
  currency: string;
  precision: number;
  chart: Chart;
  years: YearRecord[];
  /** Every period of every year, by start date. */
  periods: PeriodSpan[];
  /** As known at a moment: the changes its figures take back (audit/known-at.ts); undefined for the books of now. */
  known?: BooksKnownAt | undefined;
}

export async function reportContext(companyId: string, known?: BooksKnownAt): Promise<ReportContext> {
  // The years come with the registry when a warm function knows their ids (year-hint.ts).
  const [settings, records, years] = await Promise.all([getSettings(companyId), allNodes<AccountAttributes>('ACCOUNT', companyId), allYears(companyId)]);
  years.sort((a, b) => (a.startDate < b.startDate ? -1 : 1));
  if (!settings) throw new NotFound('The company settings');
  return {
    currency: settings.baseCurrency,
    precision: settings.decimalPrecision,
    chart: buildChart(records),
    years,
    periods: years.flatMap((y) => y.periods.map((p) => ({ id: p.id, startDate: p.startDate, endDate: p.endDate }))),
    known,
  };
}
