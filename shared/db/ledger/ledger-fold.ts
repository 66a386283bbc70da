import { NumberValue } from '@aws-sdk/lib-dynamodb';
import { fromMils, toMils } from '../../money/mils.ts';
import { balanceAdds, type BalanceAdd } from './balance-store.ts';
import type { LedgerJournal } from '../../journals/ledger-entries.ts';
import type { Posting } from '../../journals/records.ts';
import type { FiguresOfPosting } from '../../journals/posting-figures.ts';
import { placed } from './placement.ts';
import { ledgerItems } from './ledger-store.ts';
import type { Item } from '../table/table-ops.ts';
import type { TOTAL_GROUP } from '../../balances/records.ts';
import { packedDayItems, type DayFigures } from './packed-balances.ts';

/** A balance item's totals: the addition that named it (its key and what it is), its figures in mils by attribute. */
type Sum = { add: BalanceAdd; sums: Map<string, bigint> };

/** The figures as exact decimal text, by attribute. */
const decimals = (sums: Map<string, bigint>) => Object.fromEntries([...sums].map(([name, mils]) => [name, fromMils(mils)]));
/** The item with its totals as exact decimals. */
const itemOf = ({ add, sums }: Sum): Item => ({ ...add.key, ...add.set, ...Object.fromEntries([...sums].map(([name, mils]) => [name, NumberValue.from(fromMils(mils))])) });

/**
 * The balance and ledger items a set of posted journals makes, from the posting's own additions
 * (balanceAdds) and ledger items, but summed per balance item instead of added one posting at a
 * time: for an import's own shard (its day items packed: packedBalanceItems), for rebuilding a
 * company's figures from its journals, and for loading a benchmark. The
 * figures of each posting come from `figuresOf`, the domain's rule its caller hands in
 * (journals/posting-figures.ts postingFigures: the import's use case, the rebuild's wiring in infra).
 */
export class LedgerFold {
  private readonly balances = new Map<string, Sum>();
  private readonly ledger: Item[] = [];

  constructor(
    private readonly companyId: string,
    private readonly figuresOf: FiguresOfPosting,
  ) {}

  /** Adds a posted (or reversed) journal, with its placement (read from its item, or an import's: import-postings.ts): what posting it wrote. */
  add(journal: LedgerJournal & Posting): void {
    const figures = this.figuresOf(journal.entries, 1);
    this.ledger.push(...ledgerItems(this.companyId, journal, figures.ledger));
    for (const add of balanceAdds(this.companyId, placed(journal), figures.balances, figures.currencies, figures.taxes)) {
      const { key, debit, credit, inCurrencies } = add;
      const id = `${key.pk}|${key.sk}`;
      const sum = this.balances.get(id) ?? { add, sums: new Map<string, bigint>() };
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
    return [...this.balances.values()].map(itemOf);
  }

  /** The same totals with the day items of each day packed into one (packed-balances.ts): an import's, whose shard is its own. */
  packedBalanceItems(): Item[] {
    const ordinary: Item[] = [];
    const days: DayFigures[] = [];
    for (const s of this.balances.values()) {
      const { bucket, shard, set } = s.add;
      if ('day' in bucket && shard.lane === 0) {
        const costCenters = set.costCenterId !== ('-' satisfies typeof TOTAL_GROUP);
        days.push({ day: bucket.day, costCenters, shard: shard.shard, accountId: set.accountId, costCenterId: set.costCenterId, figures: decimals(s.sums) });
      } else ordinary.push(itemOf(s));
    }
    return [...ordinary, ...packedDayItems(this.companyId, days)];
  }
}
