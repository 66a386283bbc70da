import { writtenRecordEvent } from '../events/event-record.ts';
import type { JournalRecord } from '../journals/records.ts';
import { journalView } from '../journals/views.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { postedMade } from './made-journal-posting.ts';
import { checkedMatch, takenMeanwhile } from './match-sides.ts';
import { matchView } from './match-view.ts';
import type { MatchRecord, StatementLineRecord } from './records.ts';
import type { BankAccountFacts, LineJournaling } from './store.ts';
import type { LineJournalView } from './views.ts';

/**
 * The journal made from a statement line posted on the line's booking date (postedMade), and its
 * match with the line (the rule and reason `named` gives it), checked and not yet written.
 */
export async function postedWithMatch(port: LineJournaling, uow: UnitOfWork, companyId: string, bank: BankAccountFacts, line: StatementLineRecord, made: JournalRecord, named: (journal: JournalRecord) => Pick<MatchRecord, 'rule' | 'reason'>): Promise<{ journal: JournalRecord; match: MatchRecord }> {
  const journal = await postedMade(port, uow, companyId, made, line.bookingDate);
  const bankLine = Math.max(journal.entries.findIndex((e) => e.accountId === line.accountId), 0);
  const checked = await checkedMatch(port, companyId, line.accountId, bank, { statementLines: [line.bankReference], ledgerLines: [{ journalId: journal.id, line: bankLine }] }, uow.actor!);
  return { journal, match: { ...checked, ...named(journal) } };
}

/**
 * The journal made from a statement line posted on the line's booking date (postedMade), then
 * matched with the line as the request's own write. Errors: those of posting and of matching
 * (MatchUnbalanced when its draft was edited to another amount).
 */
export async function postedAndMatched(port: LineJournaling, uow: UnitOfWork, companyId: string, bank: BankAccountFacts, line: StatementLineRecord, made: JournalRecord): Promise<LineJournalView> {
  const { journal, match } = await postedWithMatch(port, uow, companyId, bank, line, made, (posted) => ({ rule: 'statementLineJournal', reason: `journal ${posted.serialNumber} made from the statement line` }));
  // The match's own event beside the request's, as every match has (the reconciliation as known at a moment is built from them).
  const matched = port.eventChange(writtenRecordEvent('BankMatchCreated', companyId, uow.actor, matchView(match), new Date(match.matchedAt)));
  return uow.commit([...port.matchChanges(match, takenMeanwhile), matched], { journal: journalView(journal), match: matchView(match) });
}
