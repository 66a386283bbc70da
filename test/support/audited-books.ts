import { expect } from 'vitest';
import type { Client } from './api.ts';
import { wholeFeed } from './feed.ts';
import { companyBooks, credit, debit, postedJournal } from './ledger.ts';

/** Books the audit tests verify, and their Verify request. */
type FeedEvent = { sequence: number; type: string; recordId: string; hash?: string };

/** A company whose books saw postings, a void, a reversal and changes of an account and a cost center. */
export async function auditedBooks(baseUrl: () => string) {
  const books = await companyBooks(baseUrl);
  const { api, base, chart } = books;
  const sale = await postedJournal(api, base, '2026-02-03', [debit(chart.cash.id, '100.00', chart.hq.id), credit(chart.sales.id, '100.00')]);
  const rent = await postedJournal(api, base, '2026-02-04', [debit(chart.rent.id, '40.00', chart.branch.id), credit(chart.bank.id, '40.00')]);
  const voided = await postedJournal(api, base, '2026-02-05', [debit(chart.cash.id, '7.00'), credit(chart.sales.id, '7.00')]);
  await api.post(`${base}/Journals/${voided.id}/Void`, { version: voided.version });
  const reversed = await postedJournal(api, base, '2026-02-06', [debit(chart.rent.id, '3.00'), credit(chart.cash.id, '3.00')]);
  expect((await api.post(`${base}/Journals/${reversed.id}/Reverse`, { postingDate: '2026-02-07', version: reversed.version })).status).toBe(200);
  const renamed = await api.put(`${base}/Accounts/${chart.bank.id}`, { code: '1102', parentId: chart.assets.id, name: { english: 'Bank account', arabic: 'البنك' }, version: chart.bank.version });
  const deactivated = await api.post(`${base}/CostCenters/${chart.branch.id}/Deactivate`, { version: chart.branch.version });
  expect([renamed.status, deactivated.status], renamed.text + deactivated.text).toEqual([200, 200]);
  const events = await wholeFeed<FeedEvent>(api, base);
  const postedSale = events.find((e) => e.type === 'JournalPosted' && e.recordId === sale.id)!;
  return { ...books, sale, rent, events, postedSale };
}

/** One Verify request, answered 200. */
export const verify = async (api: Client, base: string, query = '') => {
  const response = await api.get(`${base}/Audit/Verify${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
};
