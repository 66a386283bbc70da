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

export function pickShard(): number {
  return Math.floor(Math.random() * BALANCE_SHARDS);
}

/** A shard other than `shard`: two postings into one period in one transaction must not update the same item twice. */
export function pickOtherShard(shard: number): number {
  return (shard + 1 + Math.floor(Math.random() * (BALANCE_SHARDS - 1))) % BALANCE_SHARDS;
}

type Place = Pick<Posting, 'periodId' | 'postingDate' | 'balanceShard'>;

/** One update per bucket a posting adds to: its period's item and its posting day's, in its shard. */
function inEachBucket(place: Place, update: (bucket: BalanceBucket) => WriteOp): WriteOp[] {
  return ([{ period: place.periodId }, { day: place.postingDate }] as BalanceBucket[]).map(update);
}

/** The balance updates of a posting's deltas: its period's and its posting day's items, in its shard. */
export function balanceOps(companyId: string, place: Place, deltas: BalanceDelta[]): WriteOp[] {
  return deltas.flatMap((d) =>
    inEachBucket(place, (bucket) =>
      mainTable.update(balanceKeys.balance(companyId, bucket, d.accountId, d.costCenterId, place.balanceShard), {
        expression: 'ADD debit :debit, credit :credit SET entity = :entity, accountId = :accountId, costCenterId = :costCenterId',
        values: {
          ':debit': NumberValue.from(d.debit),
          ':credit': NumberValue.from(d.credit),
          ':entity': 'Balance',
          ':accountId': d.accountId,
          ':costCenterId': d.costCenterId ?? '-',
        },
      }),
    ),
  );
}

/**
 * The foreign-currency balance updates of a posting's deltas, beside its base ones: per
 * (account, currency), its period's and posting day's items, in its shard, holding amounts in
 * that currency, and the base amounts of the same lines (baseDebit, baseCredit). A posting
 * writes two per (account, currency) pair its foreign and revaluation lines name.
 */
export function currencyBalanceOps(companyId: string, place: Place, deltas: CurrencyDelta[]): WriteOp[] {
  return deltas.flatMap((d) =>
    inEachBucket(place, (bucket) =>
      mainTable.update(balanceKeys.currencyBalance(companyId, bucket, d.accountId, d.currency, place.balanceShard), {
        expression: 'ADD debit :debit, credit :credit, baseDebit :baseDebit, baseCredit :baseCredit SET entity = :entity, accountId = :accountId, currency = :currency',
        values: {
          ':debit': NumberValue.from(d.debit),
          ':credit': NumberValue.from(d.credit),
          ':baseDebit': NumberValue.from(d.baseDebit),
          ':baseCredit': NumberValue.from(d.baseCredit),
          ':entity': 'CurrencyBalance',
          ':accountId': d.accountId,
          ':currency': d.currency,
        },
      }),
    ),
  );
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
