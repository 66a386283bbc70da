import Big from 'big.js';
import type { Client } from './api.ts';

/**
 * What was posted to an account in one period, in total or within a cost center: the trial
 * balance's movement of the period, its debits and credits as exact decimals without trailing
 * zeros ('250.75', '300', '0').
 */
export async function periodBalance(api: Client, base: string, yearId: string, periodId: string, accountId: string, costCenterId: string | null = null) {
  const within = costCenterId ? `&costCenterId=${costCenterId}` : '';
  const response = await api.get(`${base}/Reports/TrialBalance?financialYearId=${yearId}&periodId=${periodId}${within}`);
  if (response.status !== 200) throw new Error(response.text);
  const row = (response.body.rows as Array<{ accountId: string; movement: { debit: string; credit: string } }>).find((r) => r.accountId === accountId);
  const exact = (amount: string | undefined) => new Big(amount ?? '0').toString();
  return { debit: exact(row?.movement.debit), credit: exact(row?.movement.credit) };
}
