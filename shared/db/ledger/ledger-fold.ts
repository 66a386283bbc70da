import { NumberValue } from '@aws-sdk/lib-dynamodb';
import { balanceDeltas, currencyDeltas } from '../../journals/rules.ts';
import { fromMils, toMils } from '../../money/mils.ts';
import { balanceOps } from './balance-store.ts';
import type { LedgerJournal } from '../../journals/ledger-entries.ts';
import type { Posting } from '../../journals/records.ts';
import { placed } from './placement.ts';
import { ledgerItems } from './ledger-store.ts';
import type { Item } from '../table/table-ops.ts';

/**
 * The balance and ledger items a set of posted journals makes, built with the posting's own op
 * builders (balanceOps, ledgerOps) but summed per balance item instead of added one posting at a
 * time: for rebuilding a company's figures from its journals, and for loading a benchmark.
 */
export class LedgerFold {
  private readonly balances = new Map<string, { item: Item; sums: Map<string, bigint> }>();
  private readonly ledger: Item[] = [];

  constructor(private readonly companyId: string) {}

  /** Adds a posted (or reversed) journal, with its placement (read from its item, or an import's: import-postings.ts): what posting it wrote. */
  add(journal: LedgerJournal & Posting): void {
    this.ledger.push(...ledgerItems(this.companyId, journal));
    for (const op of balanceOps(this.companyId, placed(journal), balanceDeltas(journal.entries, 1), currencyDeltas(journal.entries, 1))) {
      const update = op.item.Update!;
      const key = update.Key as { pk: string; sk: string };
      const values = update.ExpressionAttributeValues as Record<string, unknown>;
      const added = addedAttributes(update.UpdateExpression!, (update.ExpressionAttributeNames ?? {}) as Record<string, string>);
      const id = `${key.pk}|${key.sk}`;
      // The item's other attributes are what its update sets (entity, account, cost center), each named like its value.
      const addedValues = new Set(added.map((a) => a.value));
      const set = Object.entries(values).filter(([value]) => !addedValues.has(value));
      const sum = this.balances.get(id) ?? { item: { ...key, ...Object.fromEntries(set.map(([value, v]) => [value.slice(1), v])) }, sums: new Map<string, bigint>() };
      for (const { attribute, value } of added) sum.sums.set(attribute, (sum.sums.get(attribute) ?? 0n) + toMils(String(values[value])));
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

/** The attributes an update expression adds (`ADD name :value, #name :value, ...`), with their values' placeholders. */
function addedAttributes(expression: string, names: Record<string, string>): Array<{ attribute: string; value: string }> {
  const clause = /^ADD (.*?)(?: SET |$)/.exec(expression)?.[1] ?? '';
  return clause.split(', ').map((pair) => {
    const [name, value] = pair.split(' ') as [string, string];
    return { attribute: names[name] ?? name, value };
  });
}
