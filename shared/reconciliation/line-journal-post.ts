import type { JournalRecord } from '../journals/records.ts';
import { postJournal } from '../journals/post-journal.ts';
import { journalView } from '../journals/views.ts';
import { writtenRecordEvent } from '../events/event-record.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { LineJournalView } from './views.ts';
import { checkedMatch, takenMeanwhile } from './matches.ts';
import { matchView } from './match-view.ts';
import type { StatementLineRecord } from './records.ts';
import type { BankAccountFacts, LineJournaling } from './store.ts';

/**
 * The journal made from a statement line posted on the line's booking date, unless it is already
 * (in its own write, with its JournalPosted event), then matched with the line as the request's
 * own write. Errors: those of posting (PeriodNotOpen, ApprovalRequired, ...) and of matching
 * (MatchUnbalanced when its draft was edited to another amount).
 */
export async function postedAndMatched(port: LineJournaling, uow: UnitOfWork, companyId: string, bank: BankAccountFacts, line: StatementLineRecord, made: JournalRecord): Promise<LineJournalView> {
  let journal = made;
  if (['draft', 'approved', 'posting'].includes(journal.status)) {
    const postUnit = port.units(uow.actor, (view) => writtenRecordEvent('JournalPosted', companyId, uow.actor, view));
    await postJournal(await port.postingBooks(), postUnit, companyId, journal.id, { postingDate: line.bookingDate, version: journal.version });
    journal = (await port.journal(companyId, journal.id))!;
  }
  const bankLine = journal.entries.findIndex((e) => e.accountId === line.accountId);
  const checked = await checkedMatch(port, companyId, line.accountId, bank, { statementLines: [line.bankReference], ledgerLines: [{ journalId: journal.id, line: Math.max(bankLine, 0) }] }, uow.actor!);
  const match = { ...checked, rule: 'statementLineJournal', reason: `journal ${journal.serialNumber} made from the statement line` };
  return uow.commit(port.matchChanges(match, takenMeanwhile), { journal: journalView(journal), match: matchView(match) });
}
