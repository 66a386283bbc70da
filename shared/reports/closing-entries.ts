import { TOTAL_GROUP, type BalanceScope } from '../db/balance-reads.ts';
import { getJournal, type PostedJournal } from '../db/journal-store.ts';
import { DEBIT } from '../journals/rules.ts';
import { toMils } from '../money/mils.ts';
import type { ReportContext } from './report-context.ts';

/**
 * The year-end closing journals posted within a range (GenerateClosingJournal's, as the years
 * record them). They move the year's profit to retained earnings; an income statement leaves
 * them out, or a closed year would show a profit of zero. A reversed closing journal stays in:
 * with its reversal it nets to nothing.
 */
export async function closingJournalsIn(companyId: string, ctx: ReportContext, range: { from: string; to: string }): Promise<PostedJournal[]> {
  const ids = ctx.years.filter((y) => y.closingJournalId && y.startDate <= range.to && y.endDate >= range.from).map((y) => y.closingJournalId!);
  const journals = await Promise.all(ids.map((id) => getJournal(companyId, id)));
  return journals.filter((j): j is PostedJournal => j?.status === 'posted' && j.postingDate >= range.from && j.postingDate <= range.to);
}

/** The journals' net (debit minus credit) by group (cost center or TOTAL_GROUP, as `scope` reads) and account. */
export function netsOf(journals: readonly PostedJournal[], scope: BalanceScope): Map<string, Map<string, bigint>> {
  const nets = new Map<string, Map<string, bigint>>();
  const add = (group: string, accountId: string, amount: bigint) => {
    const byAccount = nets.get(group) ?? new Map<string, bigint>();
    byAccount.set(accountId, (byAccount.get(accountId) ?? 0n) + amount);
    nets.set(group, byAccount);
  };
  for (const line of journals.flatMap((j) => j.entries)) {
    const amount = line.side === DEBIT ? toMils(line.amount) : -toMils(line.amount);
    if (scope.kind === 'total') add(TOTAL_GROUP, line.accountId, amount);
    else if (line.costCenterId && (scope.kind === 'byCostCenter' || line.costCenterId === scope.costCenterId)) add(line.costCenterId, line.accountId, amount);
  }
  return nets;
}
