import { effectiveCashFlowCategory } from '../accounts/cash-flow-category.ts';
import type { AccountAttributes, CashFlowCategory } from '../accounts/records.ts';
import type { NodeRecord } from '../tree/records.ts';
import { PATH_SEPARATOR } from '../tree/rules.ts';

/**
 * The chart of accounts as reports lay it out, pure: each account with its path, depth and
 * classification, and rows along the tree in which a category's figures are the sum of its
 * children's.
 */
export type Classification = NonNullable<AccountAttributes['classification']>;

export interface ChartAccount {
  id: string;
  parentId: string | null;
  code: string;
  path: string;
  depth: number;
  name: AccountAttributes['name'];
  type: AccountAttributes['accountType'];
  classification: Classification;
  /** Where its movements sit in the cash flow statement (its own, or its classification's default). */
  cashFlowCategory: CashFlowCategory;
  children: ChartAccount[];
}

export type Chart = Map<string, ChartAccount>;

/** The chart from every account record of a company (children ordered by code). */
export function buildChart(records: readonly NodeRecord<AccountAttributes>[]): Chart {
  const byId = new Map(records.map((r) => [r.id, r]));
  const chart: Chart = new Map();
  const place = (record: NodeRecord<AccountAttributes>): ChartAccount => {
    const known = chart.get(record.id);
    if (known) return known;
    const parentRecord = record.parentId ? byId.get(record.parentId) : undefined;
    const parent = parentRecord ? place(parentRecord) : undefined;
    const classification = parent?.classification ?? record.attributes.classification!;
    const account: ChartAccount = {
      id: record.id,
      parentId: record.parentId,
      code: record.code,
      path: parent ? `${parent.path}${PATH_SEPARATOR}${record.code}` : record.code,
      depth: parent ? parent.depth + 1 : 0,
      name: record.attributes.name,
      type: record.attributes.accountType,
      classification,
      cashFlowCategory: effectiveCashFlowCategory(classification, record.attributes.cashFlowCategory),
      children: [],
    };
    chart.set(record.id, account);
    parent?.children.push(account);
    return account;
  };
  records.forEach(place);
  for (const account of chart.values()) account.children.sort((a, b) => compareCodes(a.code, b.code));
  return chart;
}

const compareCodes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A revenue or expense account: what profit or loss is made of. */
export const isProfitOrLoss = (a: ChartAccount) => a.classification === 'revenue' || a.classification === 'expense';

/** The leaf accounts under an account (itself, when it is a leaf). */
export function leavesUnder(account: ChartAccount): ChartAccount[] {
  return account.children.length === 0 && account.type === 'leaf' ? [account] : account.children.flatMap(leavesUnder);
}

export interface TreeRow {
  account: ChartAccount;
  /** One figure per column; a category's are its children's summed. */
  figures: bigint[];
}

/**
 * Rows for the accounts that have figures, with every ancestor, parents before children and
 * siblings by code. `figuresOf` gives a leaf's figures, or undefined when it has none.
 */
export function treeRows(chart: Chart, roots: readonly ChartAccount[], width: number, figuresOf: (leaf: ChartAccount) => bigint[] | undefined): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (account: ChartAccount): bigint[] | undefined => {
    if (account.type === 'leaf') {
      const figures = figuresOf(account);
      if (figures) rows.push({ account, figures });
      return figures;
    }
    const row: TreeRow = { account, figures: new Array<bigint>(width).fill(0n) };
    const at = rows.push(row) - 1;
    let any = false;
    for (const child of account.children) {
      const figures = visit(child);
      if (!figures) continue;
      any = true;
      figures.forEach((f, i) => (row.figures[i]! += f));
    }
    if (!any) rows.splice(at, 1);
    return any ? row.figures : undefined;
  };
  roots.forEach(visit);
  return rows;
}

/** Root accounts of the chart, by code; with `classifications`, only those classified so. */
export function rootsOf(chart: Chart, classifications?: readonly Classification[]): ChartAccount[] {
  return [...chart.values()]
    .filter((a) => a.parentId === null && (!classifications || classifications.includes(a.classification)))
    .sort((a, b) => compareCodes(a.code, b.code));
}
