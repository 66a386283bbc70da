import { expect } from 'vitest';
import type { Client } from './api.ts';

/** A row of the tax detail (GET .../Reports/TaxDetail), as the response schema gives it. */
export interface TaxDetailRow {
  journalId: string;
  serialNumber: number;
  date: string;
  postingDate: string;
  reference: string | null;
  description: string | null;
  line: number;
  accountId: string;
  counterpartyId: string | null;
  side: number;
  taxCode: string;
  taxCodeId: string;
  kind: string;
  direction: string;
  percent: string;
  emirate: string | null;
  baseBoxes: string[];
  taxBoxes: string[];
  currency: string;
  exchangeRate: string;
  amount: string;
  taxAmount: string;
  baseAmount: string;
  baseTaxAmount: string;
}

/** Ledger order, the report's own: posting date, serial number, line. */
export const byLedgerOrder = (a: TaxDetailRow, b: TaxDetailRow) => a.postingDate.localeCompare(b.postingDate) || a.serialNumber - b.serialNumber || a.line - b.line;

/**
 * Every row of the tax detail of `range`, walked `pageSize` rows a page: each page answers 200
 * and echoes its cursor, every page but the last is full, and the last says there is no next.
 */
export async function taxDetailRows(api: Client, base: string, range: { from: string; to: string }, pageSize: number): Promise<{ rows: TaxDetailRow[]; pages: number }> {
  const rows: TaxDetailRow[] = [];
  let pages = 0;
  let page: string | null = null;
  do {
    const r: { status: number; text: string; body: { currentPage: string | null; results: TaxDetailRow[]; nextPage: string | null } } = await api.get(
      `${base}/Reports/TaxDetail?dateFrom=${range.from}&dateTo=${range.to}&pageSize=${pageSize}${page ? `&page=${encodeURIComponent(page)}` : ''}`,
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.currentPage, `page ${pages + 1}'s cursor`).toBe(page);
    if (r.body.nextPage) expect(r.body.results, `page ${pages + 1}, not the last`).toHaveLength(pageSize);
    rows.push(...r.body.results);
    pages += 1;
    page = r.body.nextPage;
  } while (page);
  return { rows, pages };
}
