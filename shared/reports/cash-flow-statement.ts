import type { CashFlowCategory } from '../accounts/records.ts';
import { isProfitOrLoss, rootsOf, treeRows, type Chart, type ChartAccount, type TreeRow } from './account-tree.ts';

/**
 * The cash flow statement by the indirect method, pure, from each leaf's balance before and
 * through a range and its movement (debit minus credit, closing journals left out):
 *
 *   net profit                      revenue and expense: credits less debits
 * + nonCash rows                    each nonCash account's change, added back
 * + operating rows                  each operating account's change
 * = operating activities
 *   investing rows, financing rows  each such account's change
 * = net cash flow  (operating + investing + financing activities)
 *   cash rows                       each cash account's change; opening and closing cash
 *
 * A change shows as its effect on cash: credit less debit (a receivable that grew took cash, a
 * loan that grew brought it). Every non-cash account's movement is counted exactly once, and a
 * company's movements sum to zero, so for the company the net cash flow equals closing less
 * opening cash to the last unit; `unreconciled` (cash change less net cash flow) is zero. Within
 * one cost center it holds only where each journal balances within the cost center.
 */
export interface AccountFigures {
  opening: ReadonlyMap<string, bigint>;
  closing: ReadonlyMap<string, bigint>;
  movement: ReadonlyMap<string, bigint>;
}

export interface CashFlowFigures {
  sections: Record<CashFlowCategory, TreeRow[]>;
  totals: {
    netProfit: bigint;
    nonCash: bigint;
    operatingActivities: bigint;
    investingActivities: bigint;
    financingActivities: bigint;
    netCashFlow: bigint;
    openingCash: bigint;
    closingCash: bigint;
    cashChange: bigint;
    unreconciled: bigint;
  };
}


export function cashFlowFigures(chart: Chart, figures: AccountFigures): CashFlowFigures {
  const moved = (leaf: ChartAccount) => figures.movement.get(leaf.id) ?? 0n;
  const change = (leaf: ChartAccount) => (figures.closing.get(leaf.id) ?? 0n) - (figures.opening.get(leaf.id) ?? 0n);
  /** A section's leaves: balance-sheet accounts of its category, each with its figure when not zero. */
  const section = (category: CashFlowCategory, figure: (leaf: ChartAccount) => bigint) =>
    treeRows(chart, rootsOf(chart), 1, (leaf) => {
      if (isProfitOrLoss(leaf) || leaf.cashFlowCategory !== category) return undefined;
      const f = figure(leaf);
      return f === 0n ? undefined : [f];
    });
  const effect = (leaf: ChartAccount) => -moved(leaf);
  const sections: Record<CashFlowCategory, TreeRow[]> = {
    nonCash: section('nonCash', effect),
    operating: section('operating', effect),
    investing: section('investing', effect),
    financing: section('financing', effect),
    cash: section('cash', change),
  };
  const total = (rows: TreeRow[]) => rows.filter((r) => r.account.parentId === null).reduce((sum, r) => sum + r.figures[0]!, 0n);
  const leaves = [...chart.values()].filter((a) => a.type === 'leaf');
  const netProfit = leaves.filter(isProfitOrLoss).reduce((sum, leaf) => sum - moved(leaf), 0n);
  const nonCash = total(sections.nonCash);
  const operatingActivities = netProfit + nonCash + total(sections.operating);
  const investingActivities = total(sections.investing);
  const financingActivities = total(sections.financing);
  const netCashFlow = operatingActivities + investingActivities + financingActivities;
  const cash = leaves.filter((leaf) => !isProfitOrLoss(leaf) && leaf.cashFlowCategory === 'cash');
  const openingCash = cash.reduce((sum, leaf) => sum + (figures.opening.get(leaf.id) ?? 0n), 0n);
  const closingCash = cash.reduce((sum, leaf) => sum + (figures.closing.get(leaf.id) ?? 0n), 0n);
  const cashChange = closingCash - openingCash;
  return {
    sections,
    totals: { netProfit, nonCash, operatingActivities, investingActivities, financingActivities, netCashFlow, openingCash, closingCash, cashChange, unreconciled: cashChange - netCashFlow },
  };
}
