import { describe, expect, it } from 'vitest';
import type { AccountAttributes } from '../../../shared/accounts/records.ts';
import type { NodeRecord } from '../../../shared/tree/records.ts';
import { buildChart } from '../../../shared/reports/account-tree.ts';
import { cashFlowFigures } from '../../../shared/reports/cash-flow-statement.ts';

const node = (id: string, parentId: string | null, attributes: Partial<AccountAttributes>): NodeRecord<AccountAttributes> => ({
  id,
  code: id,
  parentId,
  levels: [],
  version: 1,
  createdAt: '',
  updatedAt: '',
  attributes: { name: { arabic: id, english: id }, accountType: 'leaf', ...attributes },
});

describe('cash flow statement figures', () => {
  // Assets: cash, a receivable, accumulated depreciation; a loan; sales; depreciation.
  const chart = buildChart([
    node('1', null, { accountType: 'category', classification: 'asset' }),
    node('11', '1', { cashFlowCategory: 'cash' }),
    node('12', '1', {}),
    node('19', '1', { cashFlowCategory: 'nonCash' }),
    node('2', null, { accountType: 'category', classification: 'liability' }),
    node('21', '2', { cashFlowCategory: 'financing' }),
    node('4', null, { accountType: 'category', classification: 'revenue' }),
    node('41', '4', {}),
    node('5', null, { accountType: 'category', classification: 'expense' }),
    node('51', '5', {}),
  ]);

  it('adds each change to net profit as its effect on cash and reconciles to the change in cash', () => {
    // Sold 300 on credit, collected 100, borrowed 500, depreciated 20; 40 of cash before.
    const movement = new Map([['11', 600n], ['12', 200n], ['19', -20n], ['21', -500n], ['41', -300n], ['51', 20n]]);
    const figures = cashFlowFigures(chart, { opening: new Map([['11', 40n], ['21', -40n]]), closing: new Map([['11', 640n]]), movement });
    expect(figures.totals).toEqual({
      netProfit: 280n,
      nonCash: 20n,
      operatingActivities: 100n,
      investingActivities: 0n,
      financingActivities: 500n,
      netCashFlow: 600n,
      openingCash: 40n,
      closingCash: 640n,
      cashChange: 600n,
      unreconciled: 0n,
    });
    expect(figures.sections.operating.map((r) => [r.account.id, r.figures[0]])).toEqual([['1', -200n], ['12', -200n]]);
    expect(figures.sections.investing).toEqual([]);
  });
});
