import { config } from '../config.ts';
import type { BalanceFigure, LedgerEntryFigure } from '../audit/balance-rules.ts';
import type { LedgerLine } from '../journals/ledger-entries.ts';
import { exact } from './exact-number.ts';
import { balanceKeys, keys, ledgerKeys } from './keys.ts';
import { withPrefix, withRange } from './prefix-query.ts';
import { queryAll } from './query-all.ts';

/**
 * What the audit reads of one account in one period (shared/audit/verify.ts): its balance items
 * (period and day, in total and per cost center) and its ledger entries, strongly consistent.
 * A posting committing between the two reads would look like a difference, so the balances are
 * read again after the ledger: the pair counts only when both balance reads agree (`settled`).
 */
export interface AccountPeriodFigures {
  balances: BalanceFigure[];
  ledger: LedgerEntryFigure[];
  /** False when postings kept landing between the reads: nothing can be concluded now. */
  settled: boolean;
}

const ATTEMPTS = 3;

async function items(query: ReturnType<typeof withRange>): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for await (const item of queryAll({ TableName: config.tableName, ...query, ConsistentRead: true })) found.push(item);
  return found;
}

async function balanceFigures(companyId: string, accountId: string, periodId: string, range: { from: string; to: string }): Promise<BalanceFigure[]> {
  const pk = keys.company(companyId).pk;
  const totalDays = balanceKeys.dayBalanceRange(accountId, range.from, range.to, false);
  const centerDays = balanceKeys.dayBalanceRange(accountId, range.from, range.to, true);
  const [period, days, centers] = await Promise.all([
    items(withPrefix(pk, `${balanceKeys.periodBalancesPrefix(periodId, null)}${accountId}#`)),
    items(withRange(pk, totalDays)),
    items(withRange(pk, centerDays)),
  ]);
  const centerIds = [...new Set(centers.map((i) => String(i.costCenterId)))];
  const centerPeriods = (await Promise.all(centerIds.map((c) => items(withPrefix(pk, `${balanceKeys.periodBalancesPrefix(periodId, c)}${accountId}#`))))).flat();
  const figure = (bucket: BalanceFigure['bucket'], item: Record<string, unknown>, costCenterId: string | null): BalanceFigure => ({ bucket, costCenterId, debit: exact(item.debit), credit: exact(item.credit) });
  return [
    ...period.map((i) => figure('period', i, null)),
    ...centerPeriods.map((i) => figure('period', i, String(i.costCenterId))),
    ...days.map((i) => figure({ day: balanceKeys.dayOfDayBalance(String(i.sk)) }, i, null)),
    ...centers.map((i) => figure({ day: balanceKeys.dayOfDayBalance(String(i.sk)) }, i, String(i.costCenterId))),
  ];
}

async function ledgerFigures(companyId: string, accountId: string, range: { from: string; to: string }): Promise<LedgerEntryFigure[]> {
  const found = await items(withRange(keys.company(companyId).pk, ledgerKeys.ledgerRange(accountId, range.from, range.to)));
  return found.map((i) => ({ journalId: String(i.journalId), postingDate: String(i.postingDate), lines: i.lines as LedgerLine[] }));
}

/** The account's balance items and ledger entries in the period (dates `range`), read so that they describe one moment. */
export async function accountPeriodFigures(companyId: string, accountId: string, periodId: string, range: { from: string; to: string }): Promise<AccountPeriodFigures> {
  let balances = await balanceFigures(companyId, accountId, periodId, range);
  for (let attempt = 1; ; attempt++) {
    const ledger = await ledgerFigures(companyId, accountId, range);
    const again = await balanceFigures(companyId, accountId, periodId, range);
    const settled = JSON.stringify(again) === JSON.stringify(balances);
    if (settled || attempt === ATTEMPTS) return { balances: again, ledger, settled };
    balances = again;
  }
}
