import { expect } from 'vitest';
import { companyOwner, type Client } from './api.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from './ledger.ts';

/** 2026: sales in January at HQ, rent in February at the branch, a sale in March; in Arabic and English names. */
export async function exportBooks(baseUrl: () => string) {
  const owner = await companyOwner(baseUrl);
  const { api, base } = owner;
  const chart = await chartOfAccounts(api, base);
  const year = await year2026(api, base);
  await postedJournal(api, base, '2026-01-15', [debit(chart.cash.id, 1000.1, chart.hq.id), credit(chart.sales.id, 1000.1, chart.hq.id)]);
  await postedJournal(api, base, '2026-02-15', [debit(chart.rent.id, 250.05, chart.branch.id), credit(chart.cash.id, 250.05)]);
  await postedJournal(api, base, '2026-03-02', [debit(chart.bank.id, 40), credit(chart.sales.id, 40)]);
  return { ...owner, chart, year };
}

/** A GET that must answer 200: its body. */
export const ok = async (api: Client, path: string) => {
  const r = await api.get(path);
  expect(r.status, r.text).toBe(200);
  return r.body;
};
