import type { PeriodRecord, YearRecord } from '../db/year-store.ts';

export type PeriodView = PeriodRecord & { financialYearId: string };
export type YearView = Omit<YearRecord, 'periods'> & { periods: PeriodView[] };

export const periodView = (year: YearRecord, period: PeriodRecord): PeriodView => ({ ...period, financialYearId: year.id });

export const yearView = (year: YearRecord): YearView => ({ ...year, periods: year.periods.map((p) => periodView(year, p)) });
