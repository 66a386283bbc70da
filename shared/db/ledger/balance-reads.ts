import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import type { Cover } from '../../reports/cover.ts';
import { toMils } from '../../money/mils.ts';
import { currencyFigureOf, taxFigureOf } from './balance-store.ts';
import { unpackedBalances } from './unpacked-balances.ts';
import { exact } from '../table/exact-number.ts';
import { balanceKeys } from '../table/keys.ts';
import { withPrefix, withRange } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import type { BalanceScope, GroupedSums, Sums, TOTAL_GROUP } from '../../balances/records.ts';

/**
 * Reads of the running balances for reports: sums over the buckets a Cover names, shards
 * added, exact in mils. No journal or ledger line is read. Every read is one query per
 * partition key the balance items are spread over (balanceKeys.partitions), their items added
 * alike: sums need no order.
 */
/** Parallel queries at most; enough to overlap round trips without flooding the table (a period is one query a partition key). */
const PARALLEL = 32;
/** Up to this many named accounts, a period is read per account (8 items each) rather than whole. */
const PER_ACCOUNT = 4;
/**
 * Books of at most this many (account, period) pairs are read whole, one query a partition key:
 * a few thousand items at most, where one query a period and partition key (and a named
 * account) is hundreds of round trips (a small company's general ledger took over a second).
 */
const SMALL_BOOKS = 2_000;

/** Which figure attributes of a total item a scope reads, and the group and figure each adds to. */
const FIGURES_OF: Partial<Record<BalanceScope['kind'], (attribute: string) => { group: string; figure: 'debit' | 'credit' | 'base' | 'taxable' | 'tax' } | undefined>> = {
  currencies: (attribute) => {
    const named = currencyFigureOf(attribute);
    return named && { group: named.currency, figure: named.figure };
  },
  taxes: (attribute) => {
    const named = taxFigureOf(attribute);
    return named && { group: named.box, figure: named.figure };
  },
};

/** The sums of one cover (sumsThrough). */
export async function sumThrough(companyId: string, cover: Cover, scope: BalanceScope, accountIds?: ReadonlySet<string>): Promise<GroupedSums> {
  return (await sumsThrough(companyId, [cover], scope, accountIds))[0]!;
}

/**
 * The sums of several covers in one scope, in their order. A query two covers need is made
 * once and its items handed to both (a report's opening and closing read the same periods), and
 * the split days of covers splitting one period are one run of days.
 */
export async function sumsThrough(companyId: string, covers: readonly Cover[], scope: BalanceScope, accountIds?: ReadonlySet<string>): Promise<GroupedSums[]> {
  const queries = new Map<string, { input: QueryCommandInput; readers: Array<(item: Record<string, unknown>) => void> }>();
  const ask = (inputs: QueryCommandInput[], reader: (item: Record<string, unknown>) => void) => {
    for (const input of inputs) {
      const id = JSON.stringify(input.ExpressionAttributeValues);
      const query = queries.get(id) ?? { input, readers: [] };
      query.readers.push(reader);
      queries.set(id, query);
    }
  };
  const pks = balanceKeys.partitions(companyId);
  const costCenterItems = scope.kind === 'costCenter' || scope.kind === 'byCostCenter';
  const periodPrefix = (periodId: string) =>
    scope.kind === 'total' || scope.kind === 'currencies' || scope.kind === 'taxes'
      ? balanceKeys.periodBalancesPrefix(periodId, null)
      : scope.kind === 'costCenter'
        ? balanceKeys.periodBalancesPrefix(periodId, scope.costCenterId)
        : balanceKeys.costCenterPeriodBalancesPrefix(periodId);
  const perAccount = accountIds && accountIds.size <= PER_ACCOUNT && scope.kind !== 'byCostCenter' ? [...accountIds] : undefined;
  const edges = new Map<string, Array<NonNullable<Cover['edge']> & { add: Adder }>>();

  const results = covers.map((cover) => {
    const { sums, add } = coverSums(scope, accountIds);
    // Whole periods. When they are most of the books' periods, or the books are small, every
    // period item of the kind is read (one query a partition key) and those of other periods
    // dropped; else one query a period, or for a few named accounts one per (period, account),
    // which reads their shard items only.
    const inCover = new Set(cover.periods);
    const small = (cover.booksAccounts ?? Infinity) * (cover.booksPeriods ?? Infinity) <= SMALL_BOOKS;
    const readAll = scope.kind !== 'costCenter' && (small ? cover.periods.length > 0 : !perAccount && cover.periods.length > 1 && cover.periods.length * 2 >= (cover.booksPeriods ?? Infinity));
    if (readAll) ask(prefixQueries(pks, balanceKeys.everyPeriodBalancePrefix(costCenterItems)), (item) => inCover.has(balanceKeys.periodOfPeriodBalance(item.sk as string)) && add(item, 1));
    else ask(cover.periods.flatMap((periodId) => (perAccount ? perAccount.map((a) => `${periodPrefix(periodId)}${a}#`) : [periodPrefix(periodId)]).flatMap((prefix) => prefixQueries(pks, prefix))), (item) => add(item, 1));
    // The period a date splits: its days added, or (read whole above) taken off.
    if (cover.edge) edges.set(cover.edge.periodId, [...(edges.get(cover.edge.periodId) ?? []), { ...cover.edge, add }]);
    return sums;
  });

  // Day items sort by date, so a period's split days are one query a partition key, for every
  // account (add keeps those asked), from the first cover's first day to the last one's last.
  for (const split of edges.values()) {
    const from = split.map((e) => e.from).reduce((a, b) => (a < b ? a : b));
    const to = split.map((e) => e.to).reduce((a, b) => (a > b ? a : b));
    ask(rangeQueries(pks, balanceKeys.dayBalanceRange(from, to, costCenterItems)), (item) => {
      const day = balanceKeys.dayOfDayBalance(item.sk as string);
      const within = split.filter((e) => e.from <= day && day <= e.to);
      // An import's day items are packed, several accounts an item (packed-balances.ts).
      if (within.length > 0) for (const one of unpackedBalances(item)) for (const e of within) e.add(one, e.sign);
    });
  }
  await inParallel([...queries.values()]);
  return results;
}

/** Adds a balance item within the scope and the named accounts to a cover's sums, with a sign; answers whether it counted. */
type Adder = (item: Record<string, unknown>, sign: 1 | -1) => boolean;

/** Empty sums of a cover, and the function adding an item to them. */
function coverSums(scope: BalanceScope, accountIds: ReadonlySet<string> | undefined): { sums: GroupedSums; add: Adder } {
  const sums: GroupedSums = new Map();
  /** The running sums of an account in a group, added to in place. */
  const sumsOf = (group: string, accountId: string): Sums => {
    let byAccount = sums.get(group);
    if (!byAccount) sums.set(group, (byAccount = new Map()));
    let s = byAccount.get(accountId);
    // '-': the group of account totals (balance-store.ts marks their items so), typed to the domain's TOTAL_GROUP.
    if (!s) byAccount.set(accountId, (s = group === ('-' satisfies typeof TOTAL_GROUP) || scope.kind !== 'currencies' ? { debit: 0n, credit: 0n } : { debit: 0n, credit: 0n, base: 0n }));
    return s;
  };
  const mils = (value: unknown, sign: 1 | -1) => (sign === 1 ? toMils(exact(value)) : -toMils(exact(value)));
  const add: Adder = (item, sign) => {
    const group = item.costCenterId as string;
    const accountId = item.accountId as string;
    if ((scope.kind === 'costCenter' && group !== scope.costCenterId) || (accountIds && !accountIds.has(accountId))) return false;
    const s = sumsOf(group, accountId);
    s.debit += mils(item.debit, sign);
    s.credit += mils(item.credit, sign);
    // The account's figures in foreign currencies, or the VAT return's, ride on its total items.
    const figureOf = FIGURES_OF[scope.kind];
    if (!figureOf) return true;
    for (const attribute in item) {
      const named = figureOf(attribute);
      if (!named) continue;
      const g = sumsOf(named.group, accountId);
      g[named.figure] = (g[named.figure] ?? 0n) + mils(item[attribute], sign);
    }
    return true;
  };
  return { sums, add };
}

const prefixQueries = (pks: string[], prefix: string): QueryCommandInput[] => pks.map((pk) => ({ TableName: config.tableName, ...withPrefix(pk, prefix), ConsistentRead: true }));

const rangeQueries = (pks: string[], range: { from: string; to: string }): QueryCommandInput[] => pks.map((pk) => ({ TableName: config.tableName, ...withRange(pk, range), ConsistentRead: true }));

/** Runs the queries PARALLEL at a time, handing every item of each to its readers. */
async function inParallel(queries: ReadonlyArray<{ input: QueryCommandInput; readers: ReadonlyArray<(item: Record<string, unknown>) => void> }>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < queries.length) {
      const { input, readers } = queries[next++]!;
      for await (const item of queryAll(input)) for (const read of readers) read(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, queries.length) }, worker));
}
