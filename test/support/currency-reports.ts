import { expect } from 'vitest';
import type { Client } from './api.ts';
import type { debit } from './ledger.ts';

/** What the foreign-currency report tests share: a line in a currency, and the reports they read. */
type Entry = ReturnType<typeof debit> & { currency?: string; exchangeRate?: string };
export const inCurrency = (line: Entry, currency: string, exchangeRate: string) => ({ ...line, currency, exchangeRate });

export const ledger = async (api: Client, base: string, accountId: string, range = 'dateFrom=2026-01-01&dateTo=2026-12-31') => {
  const r = await api.get(`${base}/Reports/GeneralLedger?accountId=${accountId}&${range}&pageSize=100`);
  expect(r.status, r.text).toBe(200);
  return r.body;
};

/** A ledger line's currency figures, in order. */
export const money = (l: { currency: string; amount: string; exchangeRate: string; baseAmount: string; balance: string }) => [l.currency, l.amount, l.exchangeRate, l.baseAmount, l.balance];

export async function trial(api: Client, base: string, from: string, to: string, extra = '') {
  const r = await api.get(`${base}/Reports/TrialBalance?dateFrom=${from}&dateTo=${to}${extra}`);
  expect(r.status, r.text).toBe(200);
  return r.body;
}
