import type * as z from 'zod';
import type { PeriodRecord, YearRecord } from '../db/year-store.ts';
import type { PeriodResponse, YearResponse } from '../schemas/responses.ts';

export type PeriodView = z.output<typeof PeriodResponse>;
export type YearView = z.output<typeof YearResponse>;

export const periodView = (year: YearRecord, period: PeriodRecord): PeriodView => ({ ...period, financialYearId: year.id });

export const yearView = (year: YearRecord): YearView => ({ ...year, periods: year.periods.map((p) => periodView(year, p)) });
