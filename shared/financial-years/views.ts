import type { PeriodRecord, YearRecord } from './records.ts';
import type { ResponseOf } from '../schemas/responses.ts';

export type PeriodView = ResponseOf<'PeriodResponse'>;
export type YearView = ResponseOf<'YearResponse'>;

/** The period as answered: its documented fields (what else the books keep on it is theirs). */
export const periodView = (year: YearRecord, period: PeriodRecord): PeriodView => ({
  id: period.id,
  financialYearId: year.id,
  number: period.number,
  name: period.name,
  startDate: period.startDate,
  endDate: period.endDate,
  status: period.status,
  version: period.version,
  auditHead: period.auditHead ?? null,
});

/** The year as answered: its documented fields, like its periods'. */
export const yearView = (year: YearRecord): YearView => ({
  id: year.id,
  name: year.name,
  startDate: year.startDate,
  endDate: year.endDate,
  status: year.status,
  version: year.version,
  ...(year.closingJournalId !== undefined ? { closingJournalId: year.closingJournalId } : {}),
  auditHead: year.auditHead ?? null,
  createdAt: year.createdAt,
  updatedAt: year.updatedAt,
  periods: year.periods.map((p) => periodView(year, p)),
});
