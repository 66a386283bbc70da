import type { PeriodRecord, YearRecord } from '../db/year-store.ts';
import type { ResponseOf } from '../schemas/responses.ts';

export type PeriodView = ResponseOf<'PeriodResponse'>;
export type YearView = ResponseOf<'YearResponse'>;

export const periodView = (year: YearRecord, period: PeriodRecord): PeriodView => ({ ...period, financialYearId: year.id, auditHead: period.auditHead ?? null });

/** The year as answered: its use pin (tree/use-pin.ts) is the service's own bookkeeping, not shown. */
export const yearView = ({ pinnedUntil: _pin, ...year }: YearRecord): YearView => ({ ...year, auditHead: year.auditHead ?? null, periods: year.periods.map((p) => periodView(year, p)) });
