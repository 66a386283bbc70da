import { expect } from 'vitest';
import type { Client } from './api.ts';
import { csv } from './imports.ts';

/** Imports of sales journals, and what the books show after them. */

/** A sales journal's two rows (cash 1.1101 debited, sales 4.4101 credited), in import file columns. */
export const sale = (reference: string, amount: string, date = '2026-05-02') => [
  [reference, date, '1.1101', '1', amount],
  [reference, date, '4.4101', '2', amount],
];
export const salesFile = (...journals: Array<Array<Array<string>>>) => csv(['reference', 'date', 'accountPath', 'side', 'amount'], journals.flat());

/** The trial balance's total movement over 2026. */
export const trialMovement = async (api: Client, base: string) => {
  const r = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`);
  expect(r.status, r.text).toBe(200);
  return r.body.totals.movement as { debit: string; credit: string };
};
export const journalCount = async (api: Client, base: string) => (await api.get(`${base}/Journals?pageSize=100`)).body.results.length as number;

/** May's period locks (nothing is counted as posting into it), then is opened again. */
export async function mayLocks(api: Client, base: string) {
  const year = (await api.get(`${base}/FinancialYears`)).body.results[0];
  const may = year.periods[4];
  const locked = await api.post(`${base}/FinancialYears/${year.id}/Periods/${may.id}/Lock`, { version: may.version });
  expect(locked.status, locked.text).toBe(200);
  const reopened = await api.post(`${base}/FinancialYears/${year.id}/Periods/${may.id}/Reopen`, { version: locked.body.version });
  expect(reopened.status, reopened.text).toBe(200);
}
