import { randomUUID } from 'node:crypto';
import { BALANCE_SHARDS, CURRENCY_SHARDS } from '../shared/db/ledger/balance-store.ts';
import { bulkWrite, type BulkRequest } from '../shared/db/table/batch-write.ts';
import { putNewJournalOp } from '../shared/db/ledger/journal-items.ts';
import type { PostedJournal } from '../shared/journals/records.ts';
import type { Placed } from '../shared/db/ledger/placement.ts';
import type { LedgerFold } from '../shared/db/ledger/ledger-fold.ts';
import type { Item } from '../shared/db/table/table-ops.ts';
import { CREDIT, DEBIT } from '../shared/journals/rules.ts';
import { taxedLines, type TaxContext } from '../shared/journals/line-tax.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * The benchmark's fast load path: posted journals written in bulk through the store layer's
 * own item builders (journal items as create writes them, ledger and balance items as posting
 * writes them, via shared/db/ledger/ledger-fold.ts), without one transaction per journal. Balance
 * updates are folded per item first, so a million lines make each balance item once with its
 * final debit and credit. Only for a company nothing else writes to meanwhile.
 */
export interface LoadPlan {
  companyId: string;
  yearId: string;
  periods: Array<{ id: string; startDate: string; endDate: string }>;
  accounts: string[];
  /** The account most journals debit or credit (a cash account). */
  busy: string;
  costCenters: string[];
  firstSerial: number;
  /** With foreign lines: two journals in three have one line in USD or EUR (a third of all lines), the other line in the base currency. */
  foreign?: { base: string };
  /**
   * With taxed lines: half the journals a sale (their credit on a `revenue` leaf naming the
   * `sale` code) or a purchase (their debit on an `expense` leaf naming the `purchase` code), their
   * amounts including the tax, taxed as creating the draft taxes them (journals/line-tax.ts
   * taxedLines, with the company's codes and tax accounts as read back in `context`): the taxed
   * line's amount without tax and its `tax`, and its tax line.
   */
  taxed?: { revenue: string[]; expense: string[]; sale: string; purchase: string; context: Omit<TaxContext, 'date' | 'amountsIncludeTax'> };
}

/** The foreign currencies of the load and their rates (base units for one unit). */
const RATES = [
  { currency: 'USD', exchangeRate: '3.75' },
  { currency: 'EUR', exchangeRate: '4.1234' },
] as const;

/** `cents` of a currency at `rate` in base cents, rounded half away from zero (positive amounts). */
function baseCents(cents: bigint, rate: string): bigint {
  const [whole, fraction = ''] = rate.split('.');
  const scale = 10n ** BigInt(fraction.length);
  return (2n * cents * BigInt(`${whole}${fraction}`) + scale) / (2n * scale);
}
const text = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;


/**
 * Journals of two lines each (`lines` / 2 of them), posted on days spread over the periods (with
 * `plan.foreign`, a third of the lines foreign; with `plan.taxed`, half of them taxed, each then
 * with its tax line besides).
 */
export function* postedJournals(plan: LoadPlan, lines: number, seed: number): Generator<Placed<PostedJournal>> {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const days = plan.periods.flatMap((p) => {
    const out: Array<{ day: string; periodId: string }> = [];
    for (let d = new Date(`${p.startDate}T00:00:00Z`); d.toISOString().slice(0, 10) <= p.endDate; d.setUTCDate(d.getUTCDate() + 1)) out.push({ day: d.toISOString().slice(0, 10), periodId: p.id });
    return out;
  });
  const now = new Date().toISOString();
  for (let i = 0; i < lines / 2; i++) {
    const { day, periodId } = pick(days);
    // A taxed journal: a sale (its credit on a revenue leaf) or a purchase (its debit on an expense leaf).
    const taxedAs = plan.taxed && next() < 0.5 ? (next() < 0.5 ? 'sale' : 'purchase') : undefined;
    let debitAccount = next() < 0.3 ? plan.busy : pick(plan.accounts);
    if (taxedAs === 'purchase') debitAccount = pick(plan.taxed!.expense);
    let creditAccount = taxedAs === 'sale' ? pick(plan.taxed!.revenue) : pick(plan.accounts);
    if (creditAccount === debitAccount) {
      const list = taxedAs === 'sale' ? plan.taxed!.revenue : plan.accounts;
      creditAccount = list[(list.indexOf(creditAccount) + 1) % list.length]!;
    }
    const cents = BigInt(Math.floor(next() * 1_000_000) + 1);
    const center = next() < 0.6 ? pick(plan.costCenters) : null;
    let entries: PostedJournal['entries'] = [
      { accountId: debitAccount, costCenterId: center, side: DEBIT, amount: text(cents) },
      { accountId: creditAccount, costCenterId: center, side: CREDIT, amount: text(cents) },
    ];
    if (plan.foreign && next() < 2 / 3) {
      const { currency, exchangeRate } = pick(RATES);
      const amount = text(baseCents(cents, exchangeRate));
      const foreignSide = next() < 0.5 ? 0 : 1;
      entries = entries.map((e, i) => (i === foreignSide ? { ...e, amount, currency, foreign: { amount: text(cents), exchangeRate } } : { ...e, amount, currency: plan.foreign!.base }));
    }
    if (taxedAs) {
      // Sent with the amounts including the tax (so the two lines balance as sent), as a client
      // would; each line in its currency, as resolving the lines gives it (resolve-lines.ts).
      const { context, sale, purchase } = plan.taxed!;
      const taxedIndex = taxedAs === 'sale' ? 1 : 0;
      const sent = entries.map((_, i) => (i === taxedIndex ? { taxCode: taxedAs === 'sale' ? sale : purchase } : {}));
      const resolved = entries.map((e) => ({ ...e, currency: e.currency ?? context.baseCurrency }));
      entries = taxedLines(sent, resolved, { ...context, date: day, amountsIncludeTax: true });
    }
    yield {
      id: randomUUID(),
      serialNumber: plan.firstSerial + i,
      date: `${day}T09:00:00Z`,
      calendarDate: day,
      description: `Bench journal ${i}`,
      entries,
      ...(taxedAs ? { amountsIncludeTax: true } : {}),
      status: 'posted',
      postingDate: day,
      financialYearId: plan.yearId,
      periodId,
      // As posting picks it (balance-store.ts pickShard): a journal with foreign lines in the first CURRENCY_SHARDS.
      balanceShard: Math.floor(next() * (entries.some((e) => e.foreign) ? CURRENCY_SHARDS : BALANCE_SHARDS)),
      version: 2,
      createdAt: now,
      updatedAt: now,
    };
  }
}

/**
 * Loads the journals: journal and ledger items as they are, balance items with the totals of
 * everything `fold` has seen (the same fold across loads into one company, so a later load
 * writes the new totals over the earlier ones).
 */
export async function load(plan: LoadPlan, journals: Iterable<PostedJournal>, fold: LedgerFold): Promise<number> {
  function* requests(): Generator<BulkRequest> {
    for (const journal of journals) {
      fold.add(journal);
      yield { put: putNewJournalOp(plan.companyId, journal).item.Put!.Item as Item };
      for (const put of fold.takeLedgerItems()) yield { put };
    }
    for (const put of fold.balanceItems()) yield { put };
  }
  return bulkWrite(requests());
}
