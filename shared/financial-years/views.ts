import type { PeriodRecord, YearRecord } from '../db/year-store.ts';
import type { ResponseOf } from '../schemas/responses.ts';

export type PeriodView = ResponseOf<'PeriodResponse'>;
export type YearView = ResponseOf<'YearResponse'>;

export const periodView = (year: YearRecord, period: PeriodRecord): PeriodView => ({ ...period, financialYearId: year.id, auditHead: period.auditHead ?? null });

export const yearView = (year: YearRecord): YearView => ({ ...year, auditHead: year.auditHead ?? null, periods: year.periods.map((p) => periodView(year, p)) });
