import type { PeriodRecord, YearRecord } from './records.ts';
import type { ResponseOf } from '../schemas/responses.ts';

export type PeriodView = ResponseOf<'PeriodResponse'>;
export type YearView = ResponseOf<'YearResponse'>;

/** The period as answered: its use pin, like the year's, is not shown. */
export const periodView = (year: YearRecord, { pinnedUntil: _pin, ...period }: PeriodRecord): PeriodView => ({ ...period, financialYearId: year.id, auditHead: period.auditHead ?? null });

/** The year as answered: its use pin (tree/use-pin.ts) is the service's own bookkeeping, not shown. */
export const yearView = ({ pinnedUntil: _pin, ...year }: YearRecord): YearView => ({ ...year, auditHead: year.auditHead ?? null, periods: year.periods.map((p) => periodView(year, p)) });
