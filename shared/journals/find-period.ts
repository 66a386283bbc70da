import { getRegistry, getYear, type PeriodRecord, type YearRecord } from '../db/year-store.ts';
import { StateConflict, ValidationError } from '../errors.ts';

/**
 * The open period of an open year that contains the date. Errors: ValidationError
 * (NoFinancialYear) when no year contains it; StateConflict (PeriodNotOpen) when the year is
 * closed or the period locked or closed. Both name `postingDate`.
 */
export async function findOpenPeriod(companyId: string, date: string): Promise<{ year: YearRecord; period: PeriodRecord }> {
  const registry = await getRegistry(companyId);
  const yearId = Object.entries(registry.years).find(([, r]) => r.startDate <= date && date <= r.endDate)?.[0];
  const year = yearId ? await getYear(companyId, yearId) : undefined;
  if (!year) throw ValidationError.field('postingDate', `no financial year contains ${date}`, 'NoFinancialYear');
  const period = year.periods.find((p) => p.startDate <= date && date <= p.endDate)!;
  if (year.status !== 'open') throw new StateConflict('PeriodNotOpen', `The financial year of ${date} is closed.`, 'postingDate');
  if (period.status !== 'open') throw new StateConflict('PeriodNotOpen', `The period of ${date} is ${period.status}.`, 'postingDate');
  return { year, period };
}
