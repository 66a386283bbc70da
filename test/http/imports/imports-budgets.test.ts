import { describe, expect, it } from 'vitest';
import { client, useGateway } from '../../support/api.ts';
import { allErrors, csv, imported } from '../../support/imports.ts';
import { companyBooks } from '../../support/ledger.ts';

/**
 * Budgets brought in by an import of kind budgetLines (shared/imports/budget-import.ts): a file
 * of lines, one amount column per period, becomes one budget checked by the budgets' own rules;
 * a re-run finds the budget by its name in the year and writes nothing.
 */
const gateway = useGateway();

const PERIODS = Array.from({ length: 12 }, (_, k) => `p${k + 1}`);
const twelve = (amount: string) => Array.from({ length: 12 }, () => amount);

async function booksWithYear() {
  const books = await companyBooks(gateway.url);
  const year = (await books.api.get(`${books.base}/FinancialYears`)).body.results[0];
  return { ...books, year };
}

describe('importing budget lines', () => {
  it('makes one budget of a CSV file, and a second run of the same file is skipped', async () => {
    const { api, base, companyId, chart, year } = await booksWithYear();
    const data = csv(['accountPath', 'costCenterPath', ...PERIODS], [
      ['4.4101', '', '1000', '1000.5', ...twelve('1200').slice(2)],
      ['5.5101', 'HQ', ...twelve('250')],
      ['5.5101', 'BR', ...twelve('-0.10')],
    ]);
    const body = { kind: 'budgetLines', format: 'csv', financialYearId: year.id, budgetName: '2026 plan', data };

    const first = await imported(api, base, companyId, body);
    const again = await imported(api, base, companyId, body);

    expect(first).toMatchObject({ kind: 'budgetLines', status: 'succeeded', financialYearId: year.id, budgetName: '2026 plan', counts: { rows: 3, valid: 3, invalid: 0, written: 3, skippedDuplicates: 0 }, errors: [] });
    const budgets = (await api.get(`${base}/Budgets`)).body.results;
    expect(budgets).toHaveLength(1);
    const budget = (await api.get(`${base}/Budgets/${budgets[0].id}`)).body;
    expect(budget).toMatchObject({ name: '2026 plan', financialYearId: year.id, version: 1 });
    expect(budget.lines).toEqual([
      { accountId: chart.sales.id, costCenterId: null, amounts: ['1000.00', '1000.50', ...twelve('1200.00').slice(2)] },
      { accountId: chart.rent.id, costCenterId: chart.hq.id, amounts: twelve('250.00') },
      { accountId: chart.rent.id, costCenterId: chart.branch.id, amounts: twelve('-0.10') },
    ]);
    const events = (await api.get(`${base}/Events?type=BudgetCreated`)).body.results;
    expect(events.map((e: { recordId: string }) => e.recordId)).toEqual([budget.id]);

    expect(again).toMatchObject({ status: 'succeeded', counts: { rows: 3, valid: 3, written: 0, skippedDuplicates: 3 } });
    expect((await api.get(`${base}/Budgets`)).body.results).toHaveLength(1);
  });

  it('writes a JSON file of valid lines, and refuses a file with any invalid row whole, naming each row and field', async () => {
    const { api, base, companyId, year } = await booksWithYear();
    const line = (accountPath: string, amounts: Array<string | number>, extra: Record<string, unknown> = {}) => ({ accountPath, ...Object.fromEntries(amounts.map((a, k) => [`p${k + 1}`, a])), ...extra });
    const good = [line('4.4101', twelve('100')), line('5.5101', twelve('40'), { costCenterPath: 'HQ' })];
    const body = (budgetName: string, data: unknown[]) => ({ kind: 'budgetLines', format: 'json', financialYearId: year.id, budgetName, data });

    const written = await imported(api, base, companyId, body('JSON plan', good));
    const refused = await imported(api, base, companyId, body('Broken plan', [
      ...good,
      line('4.9999', twelve('1')),
      line('1.1101', twelve('1')),
      line('4.4101', [...twelve('1'), '1'], { costCenterPath: 'HQ' }),
      line('5.5101', twelve('1').slice(1), { costCenterPath: 'BR' }),
      line('5.5101', twelve('1'), { costCenterPath: 'XX' }),
      line('5.5101', twelve('1'), { costCenterPath: 'HQ' }),
      line('5.5101', ['1', '1', '10.005', ...twelve('1').slice(3)]),
    ]));

    expect(written).toMatchObject({ status: 'succeeded', counts: { rows: 2, valid: 2, written: 2 } });
    expect(refused).toMatchObject({ status: 'failed', counts: { rows: 9, valid: 2, invalid: 7, written: 0 } });
    const errors = await allErrors(api, base, refused.id);
    expect(errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [3, 'accountPath', 'NotFound'],
      [4, 'accountPath', 'BudgetAccount'],
      [5, 'p13', 'PeriodCount'],
      [6, 'p12', 'PeriodCount'],
      [7, 'costCenterPath', 'NotFound'],
      [8, 'accountPath', 'DuplicateLine'],
      [9, 'p3', 'ValidationError'],
    ]);
    expect(errors[6]!.reason).toContain('decimal places');
    expect(errors[5]!.reason).toContain('row 2');
    expect((await api.get(`${base}/Budgets`)).body.results.map((b: { name: string }) => b.name)).toEqual(['JSON plan']);
  });

  it('needs budgetName and financialYearId, and budgets:manage beside imports:manage', async () => {
    const { api, base, year } = await booksWithYear();
    const body = { kind: 'budgetLines', format: 'csv', financialYearId: year.id, budgetName: 'Plan', data: 'accountPath,p1\r\n' };
    const onlyImports = await api.post(`${base}/ApiKeys`, { name: 'imports only', permissions: ['imports:manage'] });
    const budgetImports = await api.post(`${base}/ApiKeys`, { name: 'budgets', permissions: ['imports:manage', 'budgets:manage'] });

    const noName = await api.post(`${base}/Imports`, { ...body, budgetName: undefined });
    const noYear = await api.post(`${base}/Imports`, { ...body, financialYearId: undefined });
    const nameElsewhere = await api.post(`${base}/Imports`, { kind: 'journals', format: 'json', data: [], budgetName: 'Plan' });
    const refused = await client(gateway.url, `Bearer ${onlyImports.body.key}`).post(`${base}/Imports`, body);
    const accepted = await client(gateway.url, `Bearer ${budgetImports.body.key}`).post(`${base}/Imports`, body);

    expect([noName.status, noName.body.errors[0].name]).toEqual([400, 'budgetName']);
    expect([noYear.status, noYear.body.errors[0].name]).toEqual([400, 'financialYearId']);
    expect([nameElsewhere.status, nameElsewhere.body.errors[0].name]).toEqual([400, 'budgetName']);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].reason).toContain('budgets:manage');
    expect(accepted.status, accepted.text).toBe(200);
  });
});
