import { afterEach, expect } from 'vitest';
import type { Client } from './api.ts';
import { wholeFeed } from './feed.ts';
import { companyBooks, credit, debit, postedJournal } from './ledger.ts';

/** Verify walked over several requests (`nextPage`): books larger than a request, and the answers. */
export type VerifyAnswer = { verified: boolean; checked: number; fromSequence: number; toSequence: number; firstBrokenSequence: number | null; reason: string | null; nextPage: string | null };

/** Events one Verify request walks in the paged tests: small, so a company of a few dozen journals takes several requests. */
export const PAGE_EVENTS = 20;

/** Sets the events a Verify request walks to PAGE_EVENTS for the test file, and back after each test. */
export function verifyInPagesOfTwenty(): void {
  process.env.VERIFY_PAGE_EVENTS = String(PAGE_EVENTS);
  afterEach(() => {
    process.env.VERIFY_PAGE_EVENTS = String(PAGE_EVENTS);
  });
}

/**
 * A company of about 80 events: a spare account and a petty-cash account made early, 30 posted
 * journals, then petty cash renamed and the spare account deleted, so records of the first
 * request's events change in the last one's. Made once: the tests that alter it put it back.
 */
export async function pagedBooks(baseUrl: () => string) {
  const books = await companyBooks(baseUrl);
  const { api, base, chart } = books;
  const n = (english: string) => ({ english, arabic: english });
  const spare = (await api.post(`${base}/Accounts`, { code: '1190', name: n('Spare'), type: 'leaf', parentId: chart.assets.id })).body;
  const petty = (await api.post(`${base}/Accounts`, { code: '1103', name: n('Petty cash'), type: 'leaf', parentId: chart.assets.id })).body;
  for (let batch = 0; batch < 3; batch++) {
    await Promise.all(Array.from({ length: 10 }, (_, i) => postedJournal(api, base, `2026-03-${String(10 + i).padStart(2, '0')}`, [debit(chart.cash.id, `${batch + 1}.00`), credit(chart.sales.id, `${batch + 1}.00`)])));
  }
  const renamed = await api.put(`${base}/Accounts/${petty.id}`, { code: '1103', parentId: chart.assets.id, name: n('Petty cash box'), version: petty.version });
  const deleted = await api.delete(`${base}/Accounts/${spare.id}`, { version: spare.version });
  expect([renamed.status, deleted.status], renamed.text + deleted.text).toEqual([200, 200]);
  const events = await wholeFeed<{ sequence: number; type: string; recordId: string }>(api, base);
  return { ...books, spare, petty, events };
}

/** A GET answered 200: its body as a Verify answer. */
export const verifyAnswer = async (api: Client, path: string) => {
  const response = await api.get(path);
  expect(response.status, response.text).toBe(200);
  return response.body as VerifyAnswer;
};

/** Verify in one request (a budget larger than the company). */
export async function verifyAtOnce(api: Client, base: string, query = '') {
  process.env.VERIFY_PAGE_EVENTS = '100000';
  try {
    return await verifyAnswer(api, `${base}/Audit/Verify${query}`);
  } finally {
    process.env.VERIFY_PAGE_EVENTS = String(PAGE_EVENTS);
  }
}

/** Verify following `nextPage` to the end: every answer, in order. */
export async function verifyByPages(api: Client, base: string, query = '') {
  const answers: VerifyAnswer[] = [await verifyAnswer(api, `${base}/Audit/Verify${query}`)];
  while (answers.at(-1)!.nextPage) {
    const page = `page=${encodeURIComponent(answers.at(-1)!.nextPage!)}`;
    answers.push(await verifyAnswer(api, `${base}/Audit/Verify${query ? `${query}&${page}` : `?${page}`}`));
  }
  return answers;
}
