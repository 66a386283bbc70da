import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { companyOwner, signedInUser, useGateway, type Client } from '../../support/api.ts';
import { chartOfAccounts, year2026 } from '../../support/ledger.ts';
import { addMember } from '../../support/company-access.ts';

/** Budgets: per period amounts of a financial year for revenue and expense accounts, versioned. */
const gateway = useGateway();
const twelve = (amount: number | string) => Array.from({ length: 12 }, () => amount);

async function books() {
  const owner = await companyOwner(gateway.url);
  const chart = await chartOfAccounts(owner.api, owner.base);
  const year = await year2026(owner.api, owner.base);
  return { ...owner, chart, year };
}

const create = (api: Client, base: string, body: unknown, headers?: Record<string, string>) => api.post(`${base}/Budgets`, body, headers);

describe('budgets', () => {
  it('creates a budget by UUID or path, answers amounts at the company precision, reads, lists, replaces and deletes it by version', async () => {
    const { api, base, chart, year } = await books();
    const created = await create(api, base, {
      name: '2026 plan',
      financialYearId: year.id,
      lines: [
        { accountId: '4.4101', amounts: [1000, '1000.5', ...twelve(0).slice(2)] },
        { accountId: chart.rent.id, costCenterId: 'HQ', amounts: twelve(250) },
        { accountId: chart.rent.id, costCenterId: chart.branch.id, amounts: twelve('-0.10') },
      ],
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ name: '2026 plan', financialYearId: year.id, version: 1 });
    expect(created.body.lines).toEqual([
      { accountId: chart.sales.id, costCenterId: null, amounts: ['1000.00', '1000.50', ...twelve('0.00').slice(2)] },
      { accountId: chart.rent.id, costCenterId: chart.hq.id, amounts: twelve('250.00') },
      { accountId: chart.rent.id, costCenterId: chart.branch.id, amounts: twelve('-0.10') },
    ]);
    expect((await api.get(`${base}/Budgets/${created.body.id}`)).body).toEqual(created.body);

    const list = await api.get(`${base}/Budgets?keyword=plan`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.results).toEqual([{ id: created.body.id, name: '2026 plan', financialYearId: year.id, lineCount: 3, version: 1, createdAt: created.body.createdAt, updatedAt: created.body.updatedAt }]);
    expect((await api.get(`${base}/Budgets?keyword=nothing`)).body.results).toEqual([]);

    const body = { name: '2026 plan, revised', financialYearId: year.id, lines: [{ accountId: chart.sales.id, amounts: twelve(900) }] };
    const stale = await api.put(`${base}/Budgets/${created.body.id}`, { ...body, version: 7 });
    expect([stale.status, stale.body.errors[0].code]).toEqual([409, 'Conflict']);
    const replaced = await api.put(`${base}/Budgets/${created.body.id}`, { ...body, version: 1 });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toMatchObject({ name: '2026 plan, revised', version: 2, lines: [{ accountId: chart.sales.id, costCenterId: null, amounts: twelve('900.00') }] });

    expect((await api.delete(`${base}/Budgets/${created.body.id}`, { version: 1 })).status).toBe(409);
    expect((await api.delete(`${base}/Budgets/${created.body.id}`, { version: 2 })).status).toBe(200);
    expect((await api.get(`${base}/Budgets/${created.body.id}`)).status).toBe(404);
    expect((await api.get(`${base}/Budgets`)).body.results).toEqual([]);
  });

  it('answers a repeated CreateBudget with the first budget and writes one', async () => {
    const { api, base, chart, year } = await books();
    const body = { name: 'Once', financialYearId: year.id, lines: [{ accountId: chart.sales.id, amounts: twelve(1) }] };
    const first = await create(api, base, body, { 'Idempotency-Key': 'budget-1' });
    const again = await create(api, base, body, { 'Idempotency-Key': 'budget-1' });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    expect((await api.get(`${base}/Budgets`)).body.results.map((b: { id: string }) => b.id)).toEqual([first.body.id]);
  });

  it('refuses bad lines with a 400 or 404 naming the field, and writes nothing', async () => {
    const { api, base, chart, year } = await books();
    const line = (extra: Record<string, unknown>) => ({ accountId: chart.sales.id, amounts: twelve(1), ...extra });
    const body = (lines: unknown[], extra: Record<string, unknown> = {}) => ({ name: 'Bad', financialYearId: year.id, lines, ...extra });
    const category = (await api.get(`${base}/Accounts/${chart.revenue.id}`)).body;
    const cases: Array<[string, unknown, number, string, string?]> = [
      ['too few amounts', body([line({ amounts: [1, 2] })]), 400, 'lines[0].amounts', 'PeriodCount'],
      ['too many amounts', body([line({ amounts: [...twelve(1), 1] })]), 400, 'lines[0].amounts', 'PeriodCount'],
      ['more decimals than the company', body([line({}), line({ accountId: chart.rent.id, amounts: [...twelve(1).slice(1), 1.005] })]), 400, 'lines[1].amounts[11]'],
      ['not a number', body([line({ amounts: ['1,000', ...twelve(1).slice(1)] })]), 400, 'lines[0].amounts[0]'],
      ['an exponent', body([line({ amounts: [1e21, ...twelve(1).slice(1)] })]), 400, 'lines[0].amounts[0]'],
      ['a category account', body([line({ accountId: category.id })]), 400, 'lines[0].accountId', 'CategoryAccount'],
      ['a balance-sheet account', body([line({ accountId: '1.1101' })]), 400, 'lines[0].accountId', 'BudgetAccount'],
      ['an unknown account', body([line({ accountId: '4.9999' })]), 404, 'lines[0].accountId'],
      ['an unknown cost center', body([line({ costCenterId: 'NOPE' })]), 404, 'lines[0].costCenterId'],
      ['the same line twice (UUID and path)', body([line({}), line({ accountId: '4.4101' })]), 400, 'lines[1]', 'DuplicateLine'],
      ['an account whole and by cost center', body([line({ costCenterId: 'HQ' }), line({})]), 400, 'lines[1].costCenterId', 'MixedCostCenterLines'],
      ['an unknown year', body([line({})], { financialYearId: '00000000-0000-4000-8000-000000000000' }), 404, 'financialYearId'],
      ['no name', { financialYearId: year.id, lines: [] }, 400, 'name'],
      ['too many lines', body(Array.from({ length: 501 }, () => line({}))), 400, 'lines'],
    ];
    for (const [what, request, status, name, code] of cases) {
      const r = await create(api, base, request);
      expect([r.status, r.body.errors?.[0]?.name], what).toEqual([status, name]);
      if (code) expect(r.body.errors[0].code, what).toBe(code);
    }
    // An amount is read as the digits sent, never as a binary float (which would make it 0.1).
    const raw = JSON.stringify(body([line({})])).replace('"amounts":[1,', '"amounts":[0.1000000000000000001,');
    const digits = await api.request('POST', `${base}/Budgets`, { raw });
    expect([digits.status, digits.body.errors?.[0]?.name]).toEqual([400, 'lines[0].amounts[0]']);
    expect((await api.get(`${base}/Budgets`)).body.results).toEqual([]);

    // The same checks on a replace, which then changes nothing.
    const budget = (await create(api, base, body([line({})]))).body;
    const refused = await api.put(`${base}/Budgets/${budget.id}`, { ...body([line({ amounts: [1] })]), version: 1 });
    expect([refused.status, refused.body.errors[0].name]).toEqual([400, 'lines[0].amounts']);
    expect((await api.get(`${base}/Budgets/${budget.id}`)).body).toEqual(budget);
  });

  it('stores the largest budget: 500 lines of a 24-period year at the widest amounts', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const post = async (path: string, body: unknown) => {
      const r = await api.post(`${base}${path}`, body);
      if (r.status !== 200) throw new Error(r.text);
      return r.body;
    };
    const n = (code: string) => ({ english: code, arabic: code });
    const expense = await post('/Accounts', { code: '5', name: n('5'), type: 'category', classification: 'expense' });
    const leaves = await Promise.all(Array.from({ length: 50 }, (_, i) => post('/Accounts', { code: `5${String(i).padStart(2, '0')}`, name: n(`E${i}`), type: 'leaf', parentId: expense.id })));
    const centers = await Promise.all(Array.from({ length: 10 }, (_, i) => post('/CostCenters', { code: `C${i}`, name: n(`C${i}`) })));
    const year = await post('/FinancialYears', { startDate: '2026-01-01', endDate: '2027-12-31' });
    expect(year.periods).toHaveLength(24);
    const widest = '-9999999999999.99';
    const lines = leaves.flatMap((leaf) => centers.map((center) => ({ accountId: leaf.id, costCenterId: center.id, amounts: Array.from({ length: 24 }, () => widest) })));
    const created = await create(api, base, { name: 'Widest', financialYearId: year.id, lines });
    expect(created.status, created.text.slice(0, 300)).toBe(200);
    expect((await api.get(`${base}/Budgets/${created.body.id}`)).body.lines).toHaveLength(500);
  }, 60_000);

  it('lets the viewer read and only managers write; the accountant writes', async () => {
    const { api, base, chart, year } = await books();
    const body = { name: 'Plan', financialYearId: year.id, lines: [{ accountId: chart.sales.id, amounts: twelve(5) }] };
    const budget = (await create(api, base, body)).body;
    const viewer = await signedInUser(gateway.url);
    await addMember(api, base, viewer.user.email, ROLES[2]!.id);
    const accountant = await signedInUser(gateway.url);
    await addMember(api, base, accountant.user.email, ROLES[1]!.id);

    expect((await viewer.api.get(`${base}/Budgets/${budget.id}`)).status).toBe(200);
    expect((await viewer.api.get(`${base}/Budgets`)).status).toBe(200);
    const refused = await create(viewer.api, base, body);
    expect([refused.status, refused.body.errors[0].code]).toEqual([403, 'Forbidden']);
    expect((await viewer.api.delete(`${base}/Budgets/${budget.id}`, { version: 1 })).status).toBe(403);
    expect((await create(accountant.api, base, body)).status).toBe(200);
  });
});
