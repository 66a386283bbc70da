import type { Classification } from '../accounts/records.ts';
import type { YearRecord } from '../financial-years/records.ts';
import type { Chart } from '../reports/account-tree.ts';
import { identifier, TEXT } from './rules.ts';

/**
 * How the file names the books' records, pure: an account by its path of codes (AccountID holds
 * 70 characters), a cost center by its path where the caller may read cost centers (AnalysisID
 * holds 35 in the analysis table), each by its compact id where the path is longer or not shown;
 * a period by its number and the year its financial year starts in.
 */
export interface SafTNaming {
  account(accountId: string): string;
  costCenter(costCenterId: string): string;
  classificationOf(accountId: string): Classification | undefined;
  /** Undefined for a period the years no longer hold (the books changed under the read). */
  period(periodId: string): { number: number; year: number } | undefined;
}

export function safTNaming(chart: Chart, costCenterPaths: ReadonlyMap<string, string> | undefined, years: readonly YearRecord[]): SafTNaming {
  const periods = new Map(years.flatMap((y) => y.periods.map((p) => [p.id, { number: p.number, year: Number(y.startDate.slice(0, 4)) }] as const)));
  return {
    account: (id) => identifier(chart.get(id)?.path ?? id, id, TEXT.middle2),
    costCenter: (id) => identifier(costCenterPaths?.get(id) ?? id, id, TEXT.middle1),
    classificationOf: (id) => chart.get(id)?.classification,
    period: (id) => periods.get(id),
  };
}
