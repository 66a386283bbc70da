import { NumberValue, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import type { BalanceDelta, CurrencyDelta } from '../journals/rules.ts';
import type { Balance } from '../balances/records.ts';
import type { Posting } from '../journals/records.ts';
import { fromMils, sumMils, toMils } from '../money/mils.ts';
import { db } from './client.ts';
import { exact } from './exact-number.ts';
import { balanceKeys, keys, type BalanceBucket } from './keys.ts';
import { withPrefix } from './prefix-query.ts';
import { mainTable } from './table-ops.ts';
import type { WriteOp } from './transact.ts';

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
 * The shards a posting with figures in foreign currencies adds to: the first CURRENCY_SHARDS of
 * them, so only those items of an account grow the currency attributes, and a report reading all
 * eight reads fewer bytes. Such postings to one busy account share four items instead of eight.
 */
export const CURRENCY_SHARDS = 4;

/** A posting's shard: any, or with currency figures (`withCurrencies`) one of the first CURRENCY_SHARDS. */
export function pickShard(withCurrencies = false): number {
  return Math.floor(Math.random() * (withCurrencies ? CURRENCY_SHARDS : BALANCE_SHARDS));
}

/** A shard other than `shard`, from the same set: two postings into one period in one transaction must not update the same item twice. */
export function pickOtherShard(shard: number, withCurrencies = false): number {
  const shards = withCurrencies ? CURRENCY_SHARDS : BALANCE_SHARDS;
  return (shard + 1 + Math.floor(Math.random() * (shards - 1))) % shards;
}

type Place = Pick<Posting, 'periodId' | 'postingDate' | 'balanceShard'>;

/** One update per bucket a posting adds to: its period's item and its posting day's, in its shard. */
function inEachBucket(place: Place, update: (bucket: BalanceBucket) => WriteOp): WriteOp[] {
  return ([{ period: place.periodId }, { day: place.postingDate }] as BalanceBucket[]).map(update);
}

/**
 * The balance updates of a posting's deltas: its period's and its posting day's items, in its
 * shard. An account's total items (no cost center) also carry its figures in each foreign
 * currency of the posting (`currencies`), as three attributes per currency: `<currency>:d` and
 * `<currency>:c`, its debits and credits in that currency, and `<currency>:b`, debit minus credit
 * of the base amounts of the same lines. So a posting writes no item more for its foreign lines,
 * and a report that reads the totals has the currency figures in the same items (short names:
 * reports read these items by the thousand).
 */
export function balanceOps(companyId: string, place: Place, deltas: BalanceDelta[], currencies: readonly CurrencyDelta[] = []): WriteOp[] {
  return deltas.flatMap((d) => {
    const inCurrencies = d.costCenterId ? [] : currencies.filter((c) => c.accountId === d.accountId);
    const added = inCurrencies.flatMap((c): Array<[string, string]> => [
      [currencyAttribute(c.currency, 'debit'), c.debit],
      [currencyAttribute(c.currency, 'credit'), c.credit],
      [currencyAttribute(c.currency, 'base'), fromMils(toMils(c.baseDebit) - toMils(c.baseCredit))],
    ]);
    return inEachBucket(place, (bucket) =>
      mainTable.update(balanceKeys.balance(companyId, bucket, d.accountId, d.costCenterId, place.balanceShard), {
        expression: `ADD debit :debit, credit :credit${added.map((_, i) => `, #fx${i} :fx${i}`).join('')} SET entity = :entity, accountId = :accountId, costCenterId = :costCenterId`,
        ...(added.length > 0 ? { names: Object.fromEntries(added.map(([name], i) => [`#fx${i}`, name])) } : {}),
        values: {
          ':debit': NumberValue.from(d.debit),
          ':credit': NumberValue.from(d.credit),
          ...Object.fromEntries(added.map(([, value], i) => [`:fx${i}`, NumberValue.from(value)])),
          ':entity': 'Balance',
          ':accountId': d.accountId,
          ':costCenterId': d.costCenterId ?? '-',
        },
      }),
    );
  });
}

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

/** The exact balance of an account in one period, in total or within a cost center (sums the shards). */
export async function readBalance(companyId: string, periodId: string, accountId: string, costCenterId: string | null = null): Promise<Balance> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: config.tableName,
      ...withPrefix(keys.company(companyId).pk, `${balanceKeys.periodBalancesPrefix(periodId, costCenterId)}${accountId}#`),
      ConsistentRead: true,
    }),
  );
  const shards = Items ?? [];
  return {
    debit: fromMils(sumMils(shards.map((item) => toMils(exact(item.debit))))),
    credit: fromMils(sumMils(shards.map((item) => toMils(exact(item.credit))))),
  };
}
