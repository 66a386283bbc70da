import { writtenRecordEvent } from '../events/event-record.ts';
import { postingPeriod } from '../financial-years/posting-rules.ts';
import { postJournal } from '../journals/post-journal.ts';
import type { JournalRecord } from '../journals/records.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { LineJournaling } from './store.ts';

/**
 * A journal made from a statement line, posted on `postingDate` in a write of its own with its
 * JournalPosted event, unless it is posted already (by an earlier request, or by hand); answered
 * as it stands after. Errors: those of posting (PeriodNotOpen, ApprovalRequired, InvalidState,
 * PostingInProgress).
 */
export async function postedMade(port: LineJournaling, uow: UnitOfWork, companyId: string, journal: JournalRecord, postingDate: string): Promise<JournalRecord> {
  if (!['draft', 'approved', 'posting'].includes(journal.status)) return journal;
  const postUnit = port.units(uow.actor, (view) => writtenRecordEvent('JournalPosted', companyId, uow.actor, view));
  await postJournal(await port.postingBooks(postingPeriod), postUnit, companyId, journal.id, { postingDate, version: journal.version });
  return (await port.journal(companyId, journal.id))!;
}
