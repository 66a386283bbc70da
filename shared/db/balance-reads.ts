import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import type { Cover } from '../reports/cover.ts';
import { toMils } from '../money/mils.ts';
import { exact } from './exact-number.ts';
import { balanceKeys, keys } from './keys.ts';
import { withPrefix } from './prefix-query.ts';
import { queryAll } from './query-all.ts';

/**
 * Reads of the running balances for reports: sums over the buckets a Cover names, shards
 * added, exact in mils. No journal or ledger line is read.
 */
export interface Sums {
  debit: bigint;
  credit: bigint;
}

/** Sums by account. */
export type AccountSums = Map<string, Sums>;

/** Which balances to read: account totals, one cost center's, or every cost center's apart. */
export type BalanceScope = { kind: 'total' } | { kind: 'costCenter'; costCenterId: string } | { kind: 'byCostCenter' };

/** The group of account totals (cost-center groups are the cost centers' ids). */
export const TOTAL_GROUP = '-';

/** Sums by group (the cost center id; TOTAL_GROUP for account totals), then by account. */
export type GroupedSums = Map<string, AccountSums>;

/** Parallel queries at most; enough to overlap round trips without flooding the table. */
const PARALLEL = 16;
/** Up to this many named accounts, a period is read per account (8 items each) rather than whole. */
const PER_ACCOUNT = 4;

export async function sumThrough(companyId: string, cover: Cover, scope: BalanceScope, accountIds?: ReadonlySet<string>): Promise<GroupedSums> {
  const sums: GroupedSums = new Map();
  const add = (item: Record<string, unknown>, sign: 1 | -1) => {
    const group = item.costCenterId as string;
    if (scope.kind === 'costCenter' && group !== scope.costCenterId) return;
    const accountId = item.accountId as string;
    if (accountIds && !accountIds.has(accountId)) return;
    const byAccount = sums.get(group) ?? new Map<string, Sums>();
    const s = byAccount.get(accountId) ?? { debit: 0n, credit: 0n };
    byAccount.set(accountId, { debit: s.debit + BigInt(sign) * toMils(exact(item.debit)), credit: s.credit + BigInt(sign) * toMils(exact(item.credit)) });
    sums.set(group, byAccount);
  };
  const pk = keys.company(companyId).pk;
  const periodPrefix = (periodId: string) =>
    scope.kind === 'total'
      ? balanceKeys.periodBalancesPrefix(periodId, null)
      : scope.kind === 'costCenter'
        ? balanceKeys.periodBalancesPrefix(periodId, scope.costCenterId)
        : balanceKeys.costCenterPeriodBalancesPrefix(periodId);

  // Whole periods: one query each, or for a few named accounts one per (period, account),
  // which reads 8 shard items instead of the whole period's.
  const perAccount = accountIds && accountIds.size <= PER_ACCOUNT && scope.kind !== 'byCostCenter' ? [...accountIds] : undefined;
  const periodQueries = cover.periods.flatMap((periodId) =>
    perAccount ? perAccount.map((a) => prefixQuery(pk, `${periodPrefix(periodId)}${a}#`)) : [prefixQuery(pk, periodPrefix(periodId))],
  );
  await inParallel(periodQueries, (item) => add(item, 1));

  const edge = cover.edge;
  if (edge) {
    // The accounts with anything in the split period are the only ones with day items in it.
    const active = perAccount ?? (await accountsIn(pk, periodPrefix(edge.periodId), scope)).filter((a) => !accountIds || accountIds.has(a));
    const dayQueries = active.map((accountId) => rangeQuery(pk, balanceKeys.dayBalanceRange(accountId, edge.from, edge.to, scope.kind !== 'total')));
    await inParallel(dayQueries, (item) => add(item, edge.sign));
  }
  return sums;
}

async function accountsIn(pk: string, prefix: string, scope: BalanceScope): Promise<string[]> {
  const accounts = new Set<string>();
  await inParallel([prefixQuery(pk, prefix)], (item) => {
    if (scope.kind !== 'costCenter' || item.costCenterId === scope.costCenterId) accounts.add(item.accountId as string);
  });
  return [...accounts];
}

const prefixQuery = (pk: string, prefix: string): QueryCommandInput => ({ TableName: config.tableName, ...withPrefix(pk, prefix), ConsistentRead: true });

const rangeQuery = (pk: string, range: { from: string; to: string }): QueryCommandInput => ({
  TableName: config.tableName,
  KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
  ExpressionAttributeValues: { ':pk': pk, ':from': range.from, ':to': range.to },
  ConsistentRead: true,
});

/** Runs the queries PARALLEL at a time, handing every item to `each`. */
async function inParallel(queries: QueryCommandInput[], each: (item: Record<string, unknown>) => void): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < queries.length) {
      for await (const item of queryAll(queries[next++]!)) each(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, queries.length) }, worker));
}

