import { negate, sumAmounts } from '../money/amount.ts';
import { fromMils, toMils } from '../money/mils.ts';
import { CREDIT, DEBIT, ledgerEntries, taxBases, type LedgerEntries, type Line } from './rules.ts';

/**
 * What a posting adds to the books' running figures, pure: its balances (per account, and per
 * account and cost center), its foreign-currency balances and its VAT return's figures, and its
 * ledger entries (rules.ts ledgerEntries), worked out by the use cases from the journal's lines
 * and handed to the books.
 */

export interface BalanceDelta {
  accountId: string;
  /** null: the account's total; otherwise the account within this cost center. */
  costCenterId: string | null;
  debit: string;
  credit: string;
}

/**
 * What posting the lines adds to balances (sign 1) or what voiding takes back (sign -1):
 * one delta per account, and one per (account, cost center) pair.
 */
export function balanceDeltas(lines: readonly Line[], sign: 1 | -1): BalanceDelta[] {
  const groups = new Map<string, { accountId: string; costCenterId: string | null; debit: string[]; credit: string[] }>();
  const add = (accountId: string, costCenterId: string | null, line: Line) => {
    const key = `${accountId}|${costCenterId ?? ''}`;
    const group = groups.get(key) ?? { accountId, costCenterId, debit: [], credit: [] };
    (line.side === DEBIT ? group.debit : group.credit).push(line.amount);
    groups.set(key, group);
  };
  for (const line of lines) {
    add(line.accountId, null, line);
    if (line.costCenterId) add(line.accountId, line.costCenterId, line);
  }
  const signed = (amount: string) => (sign === 1 ? amount : negate(amount));
  return [...groups.values()].map((g) => ({
    accountId: g.accountId,
    costCenterId: g.costCenterId,
    debit: signed(sumAmounts(g.debit)),
    credit: signed(sumAmounts(g.credit)),
  }));
}

/**
 * What a posting adds to an account's balance in one foreign currency: in that currency's units,
 * and the base amounts of the same lines (the base the account carries for that currency).
 */
export interface CurrencyDelta {
  accountId: string;
  currency: string;
  debit: string;
  credit: string;
  baseDebit: string;
  baseCredit: string;
}

/**
 * What posting the lines adds to the foreign-currency balances (sign 1) or what voiding takes
 * back (sign -1): one delta per (account, currency) pair of the foreign lines and revaluation
 * lines, in account totals only. Other base lines add nothing here: their figures are the base
 * balances. A revaluation line adds its base amount to its currency's base and nothing in it.
 */
export function currencyDeltas(lines: readonly Line[], sign: 1 | -1): CurrencyDelta[] {
  type Group = { accountId: string; currency: string; debit: string[]; credit: string[]; baseDebit: string[]; baseCredit: string[] };
  const groups = new Map<string, Group>();
  for (const line of lines) {
    const currency = line.foreign ? line.currency : line.revaluationOf;
    if (!currency) continue;
    const key = `${line.accountId}|${currency}`;
    const group = groups.get(key) ?? { accountId: line.accountId, currency, debit: [], credit: [], baseDebit: [], baseCredit: [] };
    const debit = line.side === DEBIT;
    (debit ? group.debit : group.credit).push(line.foreign?.amount ?? '0');
    (debit ? group.baseDebit : group.baseCredit).push(line.amount);
    groups.set(key, group);
  }
  const signed = (amounts: string[]) => (sign === 1 ? sumAmounts(amounts) : negate(sumAmounts(amounts)));
  return [...groups.values()].map((g) => ({
    accountId: g.accountId,
    currency: g.currency,
    debit: signed(g.debit),
    credit: signed(g.credit),
    baseDebit: signed(g.baseDebit),
    baseCredit: signed(g.baseCredit),
  }));
}

/**
 * What a posting adds to the VAT return's figures: for the account of a taxed line, per box the
 * line's base or tax counts in, in base currency, signed so that a line on its code's own side
 * (a sale's credit, a purchase's debit) adds and a line on the other side (a credit note, a
 * return) takes off.
 */
export interface TaxDelta {
  accountId: string;
  box: string;
  figure: 'taxable' | 'tax';
  amount: string;
}

/**
 * The return figures of the lines (sign 1 posting, -1 taking it back): each taxed line's amount
 * (without tax) in its base boxes, its tax (the base amount of its first tax line, none when its
 * tax is zero) in its tax boxes, grouped per (account, box, figure).
 */
export function taxDeltas(lines: readonly Line[], sign: 1 | -1): TaxDelta[] {
  const groups = new Map<string, TaxDelta & { mils: bigint }>();
  const add = (accountId: string, box: string, figure: TaxDelta['figure'], mils: bigint) => {
    const key = `${accountId}|${box}|${figure}`;
    const group = groups.get(key) ?? { accountId, box, figure, amount: '', mils: 0n };
    group.mils += mils;
    groups.set(key, group);
  };
  const taxOf = taxBases(lines);
  lines.forEach((line, i) => {
    if (!line.tax) return;
    const own = line.side === (line.tax.direction === 'supplies' ? CREDIT : DEBIT);
    const signed = (amount: string) => (own === (sign === 1) ? toMils(amount) : -toMils(amount));
    const tax = taxOf.get(i) ?? '0';
    for (const box of line.tax.baseBoxes) add(line.accountId, box, 'taxable', signed(line.amount));
    for (const box of line.tax.taxBoxes) add(line.accountId, box, 'tax', signed(tax));
  });
  return [...groups.values()].map(({ mils, ...delta }) => ({ ...delta, amount: fromMils(mils) }));
}

/** Whether the lines add figures in a foreign currency (a foreign line, or a revaluation's): see currencyDeltas. */
export const carriesCurrencies = (lines: readonly Line[]) => lines.some((l) => l.foreign || l.revaluationOf);

/**
 * What a posting (sign 1) or taking it back (-1) adds to the books' running figures: the
 * balances, the foreign-currency figures and the VAT return's, its ledger entries, and whether it
 * carries currencies at all (the books place such a posting among the currency-carrying ones).
 * The use cases work them out and hand them to the books, which write them as they are.
 */
export interface PostingFigures {
  /** 1 a posting, -1 taking it back (its ledger entries go). */
  sign: 1 | -1;
  balances: BalanceDelta[];
  currencies: CurrencyDelta[];
  taxes: TaxDelta[];
  ledger: LedgerEntries;
  carriesCurrencies: boolean;
}

/** A posting's figures from its lines, as a fold of posted journals is handed them (postingFigures). */
export type FiguresOfPosting = (lines: readonly Line[], sign: 1) => PostingFigures;

export const postingFigures = (lines: readonly Line[], sign: 1 | -1): PostingFigures => ({
  sign,
  balances: balanceDeltas(lines, sign),
  currencies: currencyDeltas(lines, sign),
  taxes: taxDeltas(lines, sign),
  ledger: ledgerEntries(lines),
  carriesCurrencies: carriesCurrencies(lines),
});
