import { NumberValue } from '@aws-sdk/lib-dynamodb';
import { fromMils, toMils } from '../../money/mils.ts';
import { balanceAdds } from './balance-store.ts';
import type { LedgerJournal } from '../../journals/ledger-entries.ts';
import type { Posting } from '../../journals/records.ts';
import type { FiguresOfPosting } from '../../journals/posting-figures.ts';
import { placed } from './placement.ts';
import { ledgerItems } from './ledger-store.ts';
import type { Item } from '../table/table-ops.ts';

/**
 * The balance and ledger items a set of posted journals makes, from the posting's own additions
 * (balanceAdds) and ledger items, but summed per balance item instead of added one posting at a
 * time: for rebuilding a company's figures from its journals, and for loading a benchmark. The
 * figures of each posting come from `figuresOf`, the domain's rule its caller hands in
 * (journals/posting-figures.ts postingFigures: the import's use case, the rebuild's wiring in infra).
 */
export class LedgerFold {
  private readonly balances = new Map<string, { item: Item; sums: Map<string, bigint> }>();
  private readonly ledger: Item[] = [];

  constructor(
    private readonly companyId: string,
    private readonly figuresOf: FiguresOfPosting,
  ) {}

  /** Adds a posted (or reversed) journal, with its placement (read from its item, or an import's: import-postings.ts): what posting it wrote. */
  add(journal: LedgerJournal & Posting): void {
    const figures = this.figuresOf(journal.entries, 1);
    this.ledger.push(...ledgerItems(this.companyId, journal, figures.ledger));
    for (const { key, set, debit, credit, inCurrencies } of balanceAdds(this.companyId, placed(journal), figures.balances, figures.currencies, figures.taxes)) {
      const id = `${key.pk}|${key.sk}`;
      const sum = this.balances.get(id) ?? { item: { ...key, ...set }, sums: new Map<string, bigint>() };
      for (const [attribute, amount] of [['debit', debit], ['credit', credit], ...inCurrencies] as const) sum.sums.set(attribute, (sum.sums.get(attribute) ?? 0n) + toMils(amount));
      this.balances.set(id, sum);
    }
  }

  /** Ledger items added since the last call (they are written once each). */
  takeLedgerItems(): Item[] {
    return this.ledger.splice(0);
  }

  /** Every balance item with its totals so far, as exact decimals. */
  balanceItems(): Item[] {
    return [...this.balances.values()].map((s) => ({ ...s.item, ...Object.fromEntries([...s.sums].map(([name, mils]) => [name, NumberValue.from(fromMils(mils))])) }));
  }
}
