import { TOTAL_GROUP, type BalanceScope } from '../balances/records.ts';
import type { JournalRecord, PostedJournal, ReversedJournal } from '../journals/records.ts';
import { DEBIT } from '../journals/rules.ts';
import { toMils } from '../money/mils.ts';
import type { ReportContext } from './report-context.ts';
import { closingsAt, type ClosingEntry } from '../audit/ledger-at.ts';
import type { ClosingJournalReads } from './store.ts';

const inBooks = (j: JournalRecord | undefined): j is PostedJournal | ReversedJournal => j?.status === 'posted' || j?.status === 'reversed';

/**
 * The year-end closing entries posted within a range: the closing journal GenerateClosingJournal
 * made for a year (as the year records it), and the reversal of one. They move a year's profit
 * to retained earnings and back; an income statement leaves them out, or a closed year would
 * show a profit of zero (and a reversal dated apart from its closing journal, a profit twice).
 * Both post only into their year's last period (closing-rules.ts), so the years overlapping the
 * range hold every one the range can contain. As known at a moment (`ctx.known`), those in the
 * books then (audit/ledger-at.ts).
 */
export async function closingJournalsIn(books: ClosingJournalReads, companyId: string, ctx: ReportContext, range: { from: string; to: string }): Promise<ClosingEntry[]> {
  const ids = ctx.years.filter((y) => y.closingJournalId && y.startDate <= range.to && y.endDate >= range.from).map((y) => y.closingJournalId!);
  const closings = (await Promise.all(ids.map((id) => books.journal(companyId, id)))).filter(inBooks);
  const reversals = (await Promise.all(closings.map((j) => (j.status === 'reversed' ? books.journal(companyId, j.reversedBy) : undefined)))).filter(inBooks);
  const now: ClosingEntry[] = [...closings, ...reversals];
  const inBooksThen = ctx.known ? (ctx.known.empty ? [] : closingsAt(now, ctx.known.closings)) : now;
  return inBooksThen.filter((j) => j.postingDate >= range.from && j.postingDate <= range.to);
}

/** The journals' net (debit minus credit) by group (cost center or TOTAL_GROUP, as `scope` reads) and account. */
export function netsOf(journals: readonly ClosingEntry[], scope: BalanceScope): Map<string, Map<string, bigint>> {
  const nets = new Map<string, Map<string, bigint>>();
  const add = (group: string, accountId: string, amount: bigint) => {
    const byAccount = nets.get(group) ?? new Map<string, bigint>();
    byAccount.set(accountId, (byAccount.get(accountId) ?? 0n) + amount);
    nets.set(group, byAccount);
  };
  for (const line of journals.flatMap((j) => j.entries)) {
    const amount = line.side === DEBIT ? toMils(line.amount) : -toMils(line.amount);
    if (scope.kind === 'total') add(TOTAL_GROUP, line.accountId, amount);
    else if (line.costCenterId && (scope.kind === 'byCostCenter' || (scope.kind === 'costCenter' && line.costCenterId === scope.costCenterId))) add(line.costCenterId, line.accountId, amount);
  }
  return nets;
}
