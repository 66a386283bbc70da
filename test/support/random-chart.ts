import fc from 'fast-check';
import type { Client } from './api.ts';

/** Random charts of accounts for the report property tests. */
export const CLASSIFICATIONS = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

export interface Account {
  id: string;
  code: string;
  path: string;
  classification: Classification;
  leaf: boolean;
  /** As the account answers it. */
  cashFlowCategory: string;
}

/** The cash flow categories each classification allows (shared/accounts/cash-flow-category.ts). */
export const CASH_FLOW_CHOICES: Readonly<Record<Classification, readonly string[]>> = {
  asset: ['cash', 'operating', 'investing', 'financing', 'nonCash'],
  liability: ['cash', 'operating', 'investing', 'financing', 'nonCash'],
  equity: ['operating', 'investing', 'financing', 'nonCash'],
  revenue: ['operating'],
  expense: ['operating'],
};

/** A random pick among each leaf's allowed cash flow categories, by leaf index (left out: the default). */
export const cashFlowPicks = fc.array(fc.option(fc.nat(), { nil: undefined }), { minLength: 16, maxLength: 16 });

/** Each root gets 1-3 children: a leaf (0) or a category of 1-2 leaves. */
export const chartShape = fc.tuple(...CLASSIFICATIONS.map(() => fc.array(fc.nat({ max: 2 }), { minLength: 1, maxLength: 3 })));

/**
 * Creates the chart a shape describes: one root per classification, then its leaves and
 * categories; with `picks`, the n-th leaf takes the cash flow category its pick chooses among
 * those its classification allows.
 */
export async function buildChart(api: Client, base: string, shape: number[][], picks: ReadonlyArray<number | undefined> = []): Promise<Account[]> {
  const chart: Account[] = [];
  let leaves = 0;
  const create = async (code: string, parent: Account | null, leaf: boolean, classification: Classification) => {
    const pick = leaf ? picks[leaves++ % Math.max(picks.length, 1)] : undefined;
    const cashFlowCategory = pick === undefined ? {} : { cashFlowCategory: CASH_FLOW_CHOICES[classification][pick % CASH_FLOW_CHOICES[classification].length] };
    const r = await api.post(`${base}/Accounts`, { code, name: { english: code, arabic: code }, type: leaf ? 'leaf' : 'category', ...(parent ? { parentId: parent.id } : { classification }), ...cashFlowCategory });
    if (r.status !== 200) throw new Error(r.text);
    const account = { id: r.body.id, code, path: r.body.path, classification, leaf, cashFlowCategory: r.body.cashFlowCategory };
    chart.push(account);
    return account;
  };
  for (const [i, classification] of CLASSIFICATIONS.entries()) {
    const root = await create(String(i + 1), null, false, classification);
    for (const [j, children] of shape[i]!.entries()) {
      if (children === 0) await create(`${i + 1}${j}`, root, true, classification);
      else {
        const category = await create(`${i + 1}${j}`, root, false, classification);
        for (let k = 0; k < children; k++) await create(`${i + 1}${j}${k}`, category, true, classification);
      }
    }
  }
  return chart;
}

/** The leaves under an account (itself when a leaf). */
export const under = (chart: Account[], a: Account) => chart.filter((c) => c.leaf && (c.path === a.path || c.path.startsWith(`${a.path}.`)));

/** A journal the random operations of a property test act on. */
export interface TrackedJournal {
  id: string;
  version: number;
  status: string;
  /** A reversal is final: no operation picks it. */
  reversal: boolean;
}

export type StateChange = { kind: 'post' | 'reverse'; target: number; day: string } | { kind: 'void' | 'adjust'; target: number };

/**
 * Sends a random Post, Void, Adjust or Reverse to the journal `target` picks among those in the
 * state it applies to, and tracks the answer (a reversal joins the journals); a refused one, or
 * one with no journal to act on, simply changes nothing.
 */
export async function applyStateChange(api: Client, base: string, journals: TrackedJournal[], op: StateChange): Promise<void> {
  const candidates = journals.filter((j) => j.status === (op.kind === 'post' ? 'draft' : 'posted') && !j.reversal);
  const journal = candidates[op.target % Math.max(candidates.length, 1)];
  if (!journal) return;
  const body = op.kind === 'post' || op.kind === 'reverse' ? { postingDate: op.day, version: journal.version } : { version: journal.version };
  const r = await api.post(`${base}/Journals/${journal.id}/${op.kind[0]!.toUpperCase()}${op.kind.slice(1)}`, body);
  if (r.status !== 200) return;
  if (op.kind !== 'reverse') return void Object.assign(journal, { version: r.body.version, status: r.body.status });
  // Reverse answers the reversing journal; the original moves on one version, reversed.
  Object.assign(journal, { version: journal.version + 1, status: 'reversed' });
  journals.push({ id: r.body.id, version: r.body.version, status: 'posted', reversal: true });
}
