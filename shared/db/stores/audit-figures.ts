import { config } from '../../config.ts';
import type { BalanceFigure, LedgerEntryFigure } from '../../audit/balance-rules.ts';
import type { AccountPeriodFigures, PairFigures } from '../../audit/records.ts';
import type { PeriodSpan } from '../../financial-years/records.ts';
import type { LedgerLine } from '../../journals/rules.ts';
import { exact } from '../table/exact-number.ts';
import { unpackedBalances } from '../ledger/unpacked-balances.ts';
import { balanceKeys, ledgerKeys } from '../table/keys.ts';
import { onlyAttributes, withPrefix, withRange } from '../table/prefix-query.ts';
import { pairKey } from './audit-entries.ts';
import { queryAll } from '../table/query-all.ts';

/**
 * What the audit reads of accounts in periods (shared/audit/record-audit.ts): their balance
 * items (period and day, in total and per cost center) and their ledger entries, strongly
 * consistent, only the attributes compared. Reads are grouped: a period's items in one query
 * when many of its accounts are asked for (one per account otherwise), an account's day items
 * and ledger entries in one range over the periods asked. A posting committing between the
 * reads would look like a difference, so the exact read (`accountPeriodFigures`) reads the
 * balances again after the ledger: an (account, period) counts only when both balance reads
 * agree (`settled`). The audit first reads everything once, balances and ledger at the same
 * time (`accountPeriodFiguresOnce`), and reads exactly only the pairs that then disagree.
 * Read once a walk is done (audit-verify-ports.ts loads this then); the entries a walk reads as
 * it goes are audit-entries.ts.
 */

const ATTEMPTS = 3;
/** Up to this many accounts of a period, its items are read per account; more, the whole period at once. */
const PER_ACCOUNT = 8;
/** Queries at once. */
const PARALLEL = 16;

type Row = Record<string, unknown>;

async function inParallel<T>(tasks: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, tasks.length) }, worker));
  return results;
}

const read = (query: ReturnType<typeof withRange>, attributes: ReturnType<typeof onlyAttributes>) => async () => {
  const found: Row[] = [];
  for await (const item of queryAll({ TableName: config.tableName, ...query, ...attributes, ConsistentRead: true })) found.push(item);
  return found;
};

/** What the checks use of a balance item, and of a ledger entry. */
const BALANCE_ATTRIBUTES = onlyAttributes(['sk', 'accountId', 'costCenterId', 'debit', 'credit', 'entity', 'entries']);
const LEDGER_ATTRIBUTES = onlyAttributes(['journalId', 'postingDate', 'lines']);
/** One read per partition key, each with the same sort-key condition: the items are spread over them. */
const readEach = (pks: readonly string[], condition: (pk: string) => ReturnType<typeof withRange>, attributes: ReturnType<typeof onlyAttributes>) =>
  pks.map((pk) => read(condition(pk), attributes));

/** Balance figures by (account, period) for the asked pairs. */
async function balances(companyId: string, pairs: ReadonlyMap<string, readonly PeriodSpan[]>): Promise<Map<string, BalanceFigure[]>> {
  const pks = balanceKeys.partitions(companyId);
  const byPeriod = new Map<string, { period: PeriodSpan; accounts: string[] }>();
  for (const [accountId, periods] of pairs) {
    for (const period of periods) {
      const entry = byPeriod.get(period.id) ?? { period, accounts: [] };
      entry.accounts.push(accountId);
      byPeriod.set(period.id, entry);
    }
  }
  const tasks: Array<() => Promise<Row[]>> = [];
  for (const { period, accounts } of byPeriod.values()) {
    for (const costCenters of [false, true]) {
      const prefix = costCenters ? balanceKeys.costCenterPeriodBalancesPrefix(period.id) : balanceKeys.periodBalancesPrefix(period.id, null);
      if (accounts.length > PER_ACCOUNT || costCenters) tasks.push(...readEach(pks, (pk) => withPrefix(pk, prefix), BALANCE_ATTRIBUTES));
      else for (const a of accounts) tasks.push(...readEach(pks, (pk) => withPrefix(pk, `${prefix}${a}#`), BALANCE_ATTRIBUTES));
    }
  }
  // Day items sort by date, then account: the days of every asked period are one range, the items of accounts or days not asked dropped below.
  const asked = [...pairs.values()].flat();
  const from = asked.reduce((m, p) => (p.startDate < m ? p.startDate : m), asked[0]?.startDate ?? '');
  const to = asked.reduce((m, p) => (p.endDate > m ? p.endDate : m), asked[0]?.endDate ?? '');
  if (asked.length > 0) for (const costCenters of [false, true]) tasks.push(...readEach(pks, (pk) => withRange(pk, balanceKeys.dayBalanceRange(from, to, costCenters)), BALANCE_ATTRIBUTES));
  // An import's day items are packed, several accounts an item (packed-balances.ts).
  const items = (await inParallel(tasks)).flat().flatMap(unpackedBalances);

  const periodOfDay = (accountId: string, day: string) => pairs.get(accountId)?.find((p) => p.startDate <= day && day <= p.endDate);
  const figures = new Map<string, BalanceFigure[]>();
  const add = (accountId: string, periodId: string, figure: BalanceFigure) => {
    const key = pairKey(accountId, periodId);
    if (!pairs.get(accountId)?.some((p) => p.id === periodId)) return;
    const list = figures.get(key) ?? [];
    list.push(figure);
    figures.set(key, list);
  };
  for (const item of items) {
    const accountId = String(item.accountId);
    const costCenterId = item.costCenterId === '-' || item.costCenterId === undefined ? null : String(item.costCenterId);
    const sk = String(item.sk);
    const amounts = { debit: exact(item.debit), credit: exact(item.credit) };
    if (sk.startsWith('BAL#T#P#') || sk.startsWith('BAL#C#P#')) {
      const periodId = balanceKeys.periodOfPeriodBalance(sk);
      add(accountId, periodId, { bucket: 'period', costCenterId, ...amounts });
    } else {
      const day = balanceKeys.dayOfDayBalance(sk);
      const period = periodOfDay(accountId, day);
      if (period) add(accountId, period.id, { bucket: { day }, costCenterId, ...amounts });
    }
  }
  return figures;
}

/** Ledger entries by (account, period) for the asked pairs. */
async function ledgers(companyId: string, pairs: ReadonlyMap<string, readonly PeriodSpan[]>): Promise<Map<string, LedgerEntryFigure[]>> {
  const pks = ledgerKeys.partitions(companyId);
  const accounts = [...pairs];
  // Entries of an account, from every partition key (order does not matter here: each is compared by journal).
  const found = (
    await inParallel(
      accounts.map(([accountId, periods]) => {
        const range = ledgerKeys.ledgerRange(accountId, periods.reduce((m, p) => (p.startDate < m ? p.startDate : m), periods[0]!.startDate), periods.reduce((m, p) => (p.endDate > m ? p.endDate : m), periods[0]!.endDate));
        return async () => (await Promise.all(readEach(pks, (pk) => withRange(pk, range), LEDGER_ATTRIBUTES).map((task) => task()))).flat();
      }),
    )
  );
  const entries = new Map<string, LedgerEntryFigure[]>();
  accounts.forEach(([accountId, periods], i) => {
    for (const item of found[i]!) {
      const postingDate = String(item.postingDate);
      const period = periods.find((p) => p.startDate <= postingDate && postingDate <= p.endDate);
      if (!period) continue;
      const key = pairKey(accountId, period.id);
      const list = entries.get(key) ?? [];
      list.push({ journalId: String(item.journalId), postingDate, lines: item.lines as LedgerLine[] });
      entries.set(key, list);
    }
  });
  return entries;
}

/**
 * The balance items and ledger entries of each account in each of its periods (`pairs`: account
 * id -> periods), keyed `<account> <period>`, read so that each pair describes one moment.
 */
export async function accountPeriodFigures(companyId: string, pairs: ReadonlyMap<string, readonly PeriodSpan[]>): Promise<Map<string, AccountPeriodFigures>> {
  const result = new Map<string, AccountPeriodFigures>();
  let pending = new Map(pairs);
  let before = await balances(companyId, pending);
  for (let attempt = 1; pending.size > 0; attempt++) {
    const ledger = await ledgers(companyId, pending);
    const after = await balances(companyId, pending);
    const unsettled = new Map<string, PeriodSpan[]>();
    for (const [accountId, periods] of pending) {
      for (const period of periods) {
        const key = pairKey(accountId, period.id);
        const settled = JSON.stringify(before.get(key) ?? []) === JSON.stringify(after.get(key) ?? []);
        if (settled || attempt === ATTEMPTS) result.set(key, { balances: after.get(key) ?? [], ledger: ledger.get(key) ?? [], settled });
        else unsettled.set(accountId, [...(unsettled.get(accountId) ?? []), period]); // few: only pairs a posting hit meanwhile
      }
    }
    pending = unsettled;
    before = after;
  }
  return result;
}

/**
 * The same figures read once, balances and ledger at the same time: half the reads of
 * `accountPeriodFigures`, but a posting committing meanwhile can make a pair disagree (never
 * agree where it would not), so a pair that disagrees must be read again by
 * `accountPeriodFigures` before anything is concluded.
 */
export async function accountPeriodFiguresOnce(companyId: string, pairs: ReadonlyMap<string, readonly PeriodSpan[]>): Promise<Map<string, PairFigures>> {
  const [found, ledger] = await Promise.all([balances(companyId, pairs), ledgers(companyId, pairs)]);
  const result = new Map<string, PairFigures>();
  for (const [accountId, periods] of pairs) {
    for (const period of periods) {
      const key = pairKey(accountId, period.id);
      result.set(key, { balances: found.get(key) ?? [], ledger: ledger.get(key) ?? [] });
    }
  }
  return result;
}
