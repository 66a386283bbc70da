import { expect } from 'vitest';
import type { Client } from './api.ts';

/** Requests the account-currency tests share: a leaf with a currency, a draft, a whole replacement. */
export const accountName = (english: string) => ({ english, arabic: `حساب ${english}` });

/** A leaf asset account under `parentId`, with the given currency (absent: none sent). */
export async function leaf(api: Client, base: string, parentId: string, code: string, currency?: string | null) {
  const r = await api.post(`${base}/Accounts`, { code, name: accountName(code), type: 'leaf', parentId, ...(currency === undefined ? {} : { currency }) });
  expect(r.status, r.text).toBe(200);
  return r.body;
}

export const draft = (api: Client, base: string, entries: unknown[]) => api.post(`${base}/Journals`, { date: '2026-03-10T09:00:00Z', entries });

export const replace = (api: Client, base: string, account: { id: string; code: string; parentId: string; name: unknown; version: number }, fields: Record<string, unknown>) =>
  api.put(`${base}/Accounts/${account.id}`, { code: account.code, parentId: account.parentId, name: account.name, version: account.version, ...fields });
