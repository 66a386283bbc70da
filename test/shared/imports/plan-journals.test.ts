import { describe, expect, it } from 'vitest';
import type { YearRecord } from '../../../shared/financial-years/records.ts';
import type { NodeRecord } from '../../../shared/tree/records.ts';
import { ChartIndex } from '../../../shared/imports/chart-index.ts';
import { planJournals, planOpeningBalances, type JournalBooks } from '../../../shared/imports/plan-journals.ts';
import type { SourceRow } from '../../../shared/imports/read-rows.ts';

/**
 * The check of a journals file against the journal line limit (MAX_LINES, 1,000): a reference
 * of more rows is refused whole, with one error on its first row naming the row past the limit,
 * and its lines are not checked; the other journals of the file are checked as usual.
 */
const node = (id: string, code: string, parentId: string | null, attributes: Record<string, unknown>): NodeRecord => ({ id, code, parentId, levels: [], version: 1, createdAt: '', updatedAt: '', attributes: { name: { arabic: code, english: code }, ...attributes } as never });
const year: YearRecord = { id: 'y2026', name: '2026', status: 'open', version: 1, startDate: '2026-01-01', endDate: '2026-12-31', createdAt: '', updatedAt: '', periods: [{ id: 'p1', number: 1, name: '2026', status: 'open', version: 1, startDate: '2026-01-01', endDate: '2026-12-31' }] };
const books: JournalBooks = {
  importId: '00000000-0000-4000-8000-000000000000',
  baseCurrency: 'SAR',
  decimalPrecision: 2,
  accounts: new ChartIndex([node('a1', '1', null, { accountType: 'category', classification: 'asset' }), node('a2', '1101', 'a1', { accountType: 'leaf' }), node('a3', '1102', 'a1', { accountType: 'leaf' })]) as never,
  costCenters: new ChartIndex([]) as never,
  years: [year],
  marks: [],
  rateOn: async () => undefined,
  // A company without tax codes or counterparties: these files name none.
  tax: { companyId: 'c1', settings: { baseCurrency: 'SAR', decimalPrecision: 2, taxJurisdiction: null, defaultEmirate: null }, reads: { taxCodes: async () => [], accounts: { getMany: async () => [] } }, counterparties: new Map() },
  files: { named: new Map(), retentionYears: 6 },
};
/** `count` balanced rows of one reference, numbered from `first`: debits and credits of 10.00 in turn. */
const journalRows = (reference: string, count: number, first: number): SourceRow[] =>
  Array.from({ length: count }, (_, i) => ({ row: first + i, values: { reference, date: '2026-03-01', accountPath: i % 2 ? '1.1102' : '1.1101', side: String(1 + (i % 2)), amount: '10.00' } }));

describe('a journal over the line limit in an import', () => {
  it('refuses a reference of 1,001 rows whole, naming its first row, the reference and the row past the limit, without checking its lines', async () => {
    const oversize = journalRows('BIG', 1001, 1);
    oversize[499]!.values.accountPath = '1.9999'; // a line not checked: no error of its own
    const rows = [...oversize, ...journalRows('FULL', 1000, 1002)];

    const plan = await planJournals(books, rows, [], true);

    expect(plan.errors).toEqual([{ row: 1, field: 'reference', reason: expect.stringContaining('journal BIG has 1001 rows, from row 1 to row 1001'), code: 'TooManyLines' }]);
    expect(plan.errors[0]!.reason).toContain('row 1001 is line 1001');
    expect(plan.invalidRows.size).toBe(1001);
    expect([...plan.invalidRows].every((row) => row <= 1001)).toBe(true);
    expect(plan.journals.map((j) => [j.reference, j.rows.length, j.entries.length, j.posting?.periodId])).toEqual([['FULL', 1000, 1000, 'p1']]);
  });

  it('refuses opening balances of 1,001 rows on the first row, naming accountPath', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => ({ row: i + 1, values: { accountPath: '1.1101', debit: '1' } }));

    const plan = await planOpeningBalances(books, rows, [], year);

    expect(plan.errors).toEqual([{ row: 1, field: 'accountPath', reason: expect.stringContaining('the opening balances have 1001 rows'), code: 'TooManyLines' }]);
    expect(plan.invalidRows.size).toBe(1001);
    expect(plan.journals).toEqual([]);
  });

  it("reports the read errors of an oversize journal's rows beside its one error", async () => {
    const rows = journalRows('BIG', 1001, 1);
    const plan = await planJournals(books, rows, [{ row: 7, field: 'colour', reason: 'is not a field of journals', code: 'UnknownField' }], false);

    expect(plan.errors.map(({ row, field, code }) => ({ row, field, code }))).toEqual([
      { row: 1, field: 'reference', code: 'TooManyLines' },
      { row: 7, field: 'colour', code: 'UnknownField' },
    ]);
  });
});
