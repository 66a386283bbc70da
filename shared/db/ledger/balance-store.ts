import { NumberValue, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import type { BalanceDelta, CurrencyDelta, TaxDelta } from '../../journals/posting-figures.ts';
import type { Balance, TOTAL_GROUP } from '../../balances/records.ts';
import type { Posting } from '../../journals/records.ts';
import type { Placement } from './placement.ts';
import { fromMils, sumMils, toMils } from '../../money/mils.ts';
import { db } from '../table/client.ts';
import { exact } from '../table/exact-number.ts';
import { balanceKeys, type BalanceBucket } from '../table/keys.ts';
import { withPrefix } from '../table/prefix-query.ts';
import { mainTable } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * Running balances per (account, bucket) and per (account, bucket, cost center), where a bucket
 * is the posting's period and, finer, its posting day; both are updated in the same
 * transaction as the journal's status change. Reports add whole periods and, at a range's
 * edges, single days, so no report reads a journal line. DynamoDB numbers are exact decimals
 * (38 digits), so `ADD` of the amounts' decimal text keeps every unit. Each balance is spread
 * over BALANCE_SHARDS items: concurrent postings to one busy account land on different items,
 * so its throughput is not capped by one item's write rate; a read sums the shards.
 */
export const BALANCE_SHARDS = 8;

/**
 * The shards a posting with figures in foreign currencies adds to in an account that is not
 * hot: the first CURRENCY_SHARDS of them, so only those items of an account grow the currency
 * attributes, and a report reading all eight reads fewer bytes.
 */
export const CURRENCY_SHARDS = 4;

/**
 * A posting draws one shard number from 0 to POSTING_SHARDS - 1 for all its items: the posting
 * guard it checks (posting-guards.ts) and, within each account, the balance shard that number
 * falls on (accountShard). A hot account uses every posting shard, so two postings on it
 * conflict only when they drew the same number, and then on the guard as well: the guard adds
 * no conflict of its own. An import's own shard is POSTING_SHARDS + its first serial number
 * (write-journals.ts): the number stays 64, as imports already written keep it.
 */
export const POSTING_SHARDS = 64;

/**
 * A posting also draws a lane from 0 to HOT_LANES - 1: a hot account's items are its shard in its
 * lane, POSTING_SHARDS x HOT_LANES items, so postings on it conflict a quarter as often as on
 * its shards alone. A posting into a pinned period checks no guard (posting-periods.ts periodTakesPosting), so it
 * conflicts only on those items; the others check the guard of their shard, as before.
 */
export const HOT_LANES = 4;

/**
 * Accounts this function instance saw a posting conflict on (a TransactionConflict on one of
 * their balance items): they spread over all POSTING_SHARDS x HOT_LANES from then on. Learned per warm
 * instance without any read; reports read every shard item that exists (queries by prefix), so
 * the count needs no record and a cold instance relearns it from its first conflicts.
 */
const hotAccounts = new Set<string>();
/** Bound on the instance's memory of hot accounts; past it, it starts over. */
const MAX_HOT_ACCOUNTS = 10_000;

export function markHot(accountId: string): void {
  if (hotAccounts.size >= MAX_HOT_ACCOUNTS) hotAccounts.clear();
  hotAccounts.add(accountId);
}

export const isHot = (accountId: string) => hotAccounts.has(accountId);

/** Where a posting's amounts go: its shard and lane (a journal from before lanes has none: lane 0). */
type Place = Pick<Posting, 'periodId' | 'postingDate'> & Placement;

/**
 * The balance item of an account a posting adds to: for a hot account its shard in its lane, else
 * the shard modulo BALANCE_SHARDS (CURRENCY_SHARDS with currency figures) in lane 0. A shard
 * past the posting shards (an import's own, write-journals.ts) is used as it is.
 */
export function accountShard(place: Placement, accountId: string, withCurrencies: boolean): { shard: number; lane: number } {
  const shard = place.balanceShard;
  if (shard >= POSTING_SHARDS) return { shard, lane: 0 };
  if (hotAccounts.has(accountId)) return { shard, lane: place.balanceLane ?? 0 };
  return { shard: shard % (withCurrencies ? CURRENCY_SHARDS : BALANCE_SHARDS), lane: 0 };
}

/** A posting's shard number (the currency flag is kept for the callers: every posting now draws from all posting shards). */
export function pickShard(_withCurrencies = false): number {
  return Math.floor(Math.random() * POSTING_SHARDS);
}

/** A posting's lane. */
export const pickLane = (): number => Math.floor(Math.random() * HOT_LANES);

/**
 * A shard other than `shard` that falls on another balance shard in every account: two postings
 * into one period in one transaction must not update the same item twice. Differing modulo
 * CURRENCY_SHARDS, they differ modulo BALANCE_SHARDS and POSTING_SHARDS too.
 */
export function pickOtherShard(shard: number, _withCurrencies = false): number {
  const step = 1 + Math.floor(Math.random() * (CURRENCY_SHARDS - 1));
  const lap = Math.floor(Math.random() * (POSTING_SHARDS / CURRENCY_SHARDS)) * CURRENCY_SHARDS;
  return (shard + step + lap) % POSTING_SHARDS;
}

/**
 * What a posting adds to one balance item: its key, the attributes it sets (what the item is),
 * and the decimal amounts it adds, by attribute name.
 */
export interface BalanceAdd {
  key: { pk: string; sk: string };
  /** Where the item sits: its bucket, and the shard and lane it is of (the key is built from them). */
  bucket: BalanceBucket;
  shard: { shard: number; lane: number };
  accountId: string;
  set: { entity: 'Balance'; accountId: string; costCenterId: string };
  debit: string;
  credit: string;
  /** The figures in foreign currencies (`USD:d`) and of the VAT return (`tx:1:t`), by attribute name. */
  inCurrencies: ReadonlyArray<readonly [attribute: string, amount: string]>;
}

/**
 * The balance additions of a posting's deltas: its period's and its posting day's items, in its
 * shard. An account's total items (no cost center) also carry its figures in each foreign
 * currency of the posting (`currencies`), as three attributes per currency: `<currency>:d` and
 * `<currency>:c`, its debits and credits in that currency, and `<currency>:b`, debit minus credit
 * of the base amounts of the same lines. So a posting writes no item more for its foreign lines,
 * and a report that reads the totals has the currency figures in the same items (short names:
 * reports read these items by the thousand). Likewise the VAT return's figures of the account's
 * taxed lines (`taxes`): `tx:<box>:b`, the taxable amounts counting in the box, and `tx:<box>:t`,
 * the tax, signed (journals/posting-figures.ts taxDeltas).
 */
export function balanceAdds(companyId: string, place: Place, deltas: BalanceDelta[], currencies: readonly CurrencyDelta[] = [], taxes: readonly TaxDelta[] = []): BalanceAdd[] {
  return deltas.flatMap((d) => {
    const inCurrencies = d.costCenterId ? [] : currencies.filter((c) => c.accountId === d.accountId);
    const figures = inCurrencies.flatMap((c): Array<[string, string]> => [
      [currencyAttribute(c.currency, 'debit'), c.debit],
      [currencyAttribute(c.currency, 'credit'), c.credit],
      [currencyAttribute(c.currency, 'base'), fromMils(toMils(c.baseDebit) - toMils(c.baseCredit))],
    ]);
    if (!d.costCenterId) for (const t of taxes) if (t.accountId === d.accountId) figures.push([taxAttribute(t.box, t.figure), t.amount]);
    const shard = accountShard(place, d.accountId, currencies.length > 0);
    // An account total's items mark their cost center '-', the group sums read them back in: the domain's TOTAL_GROUP, typed to it (no run-time import).
    const set = { entity: 'Balance' as const, accountId: d.accountId, costCenterId: d.costCenterId ?? ('-' satisfies typeof TOTAL_GROUP) };
    return ([{ period: place.periodId }, { day: place.postingDate }] as BalanceBucket[]).map((bucket) => ({
      key: balanceKeys.balance(companyId, bucket, d.accountId, d.costCenterId, shard),
      bucket,
      shard,
      accountId: d.accountId,
      set,
      debit: d.debit,
      credit: d.credit,
      inCurrencies: figures,
    }));
  });
}

/** The balance updates of a posting's deltas (balanceAdds), each `ADD`ing its amounts as exact decimals. */
export function balanceOps(companyId: string, place: Place, deltas: BalanceDelta[], currencies: readonly CurrencyDelta[] = [], taxes: readonly TaxDelta[] = []): WriteOp[] {
  return balanceAdds(companyId, place, deltas, currencies, taxes).map(({ key, accountId, set, debit, credit, inCurrencies: extra }) => {
    // debit and credit by name; a currency's figures (`USD:d`) through placeholders.
    return withConflictNote(
      mainTable.update(key, {
        expression: `ADD debit :debit, credit :credit${extra.map((_, i) => `, #fx${i} :fx${i}`).join('')} SET entity = :entity, accountId = :accountId, costCenterId = :costCenterId`,
        ...(extra.length > 0 ? { names: Object.fromEntries(extra.map(([name], i) => [`#fx${i}`, name])) } : {}),
        values: {
          ':debit': NumberValue.from(debit),
          ':credit': NumberValue.from(credit),
          ...Object.fromEntries(extra.map(([, value], i) => [`:fx${i}`, NumberValue.from(value)])),
          ':entity': set.entity,
          ':accountId': set.accountId,
          ':costCenterId': set.costCenterId,
        },
      }),
      accountId,
    );
  });
}

/** The op, noting its account as hot when a transaction conflicts on it. */
const withConflictNote = (op: WriteOp, accountId: string): WriteOp => ({ ...op, onConflict: () => markHot(accountId) });

/** The figures kept per foreign currency on a total balance item. */
export type CurrencyFigure = 'debit' | 'credit' | 'base';
const LETTER: Record<CurrencyFigure, string> = { debit: 'd', credit: 'c', base: 'b' };
const FIGURE: Record<string, CurrencyFigure> = { d: 'debit', c: 'credit', b: 'base' };

/** The attribute of a currency's figure: `USD:d`. */
const currencyAttribute = (currency: string, figure: CurrencyFigure) => `${currency}:${LETTER[figure]}`;

/** Reads a currency figure attribute's name back: its currency and figure, or undefined for any other attribute. */
export function currencyFigureOf(attribute: string): { currency: string; figure: CurrencyFigure } | undefined {
  if (attribute.length !== 5 || attribute[3] !== ':') return undefined;
  const figure = FIGURE[attribute[4]!];
  return figure ? { currency: attribute.slice(0, 3), figure } : undefined;
}

/** The attribute of a VAT return figure: `tx:1a:t`. */
const taxAttribute = (box: string, figure: TaxDelta['figure']) => `tx:${box}:${figure === 'tax' ? 't' : 'b'}`;

/** Reads a VAT return figure attribute's name back: its box and figure, or undefined for any other attribute. */
export function taxFigureOf(attribute: string): { box: string; figure: TaxDelta['figure'] } | undefined {
  if (!attribute.startsWith('tx:')) return undefined;
  const figure = attribute.endsWith(':t') ? 'tax' : attribute.endsWith(':b') ? 'taxable' : undefined;
  return figure && { box: attribute.slice(3, -2), figure };
}

/** The exact balance of an account in one period, in total or within a cost center (sums the shards, under every balance key). */
export async function readBalance(companyId: string, periodId: string, accountId: string, costCenterId: string | null = null): Promise<Balance> {
  const prefix = `${balanceKeys.periodBalancesPrefix(periodId, costCenterId)}${accountId}#`;
  const answers = await Promise.all(
    balanceKeys.partitions(companyId).map((pk) => db().send(new QueryCommand({ TableName: config.tableName, ...withPrefix(pk, prefix), ConsistentRead: true }))),
  );
  const shards = answers.flatMap((a) => a.Items ?? []);
  return {
    debit: fromMils(sumMils(shards.map((item) => toMils(exact(item.debit))))),
    credit: fromMils(sumMils(shards.map((item) => toMils(exact(item.credit))))),
  };
}
