import type { JournalRecord } from './records.ts';
import type { YearRecord } from '../financial-years/records.ts';
import { checkClosingPostingDate } from '../financial-years/closing-rules.ts';
import { checkCostCentersActive } from './check-cost-centers.ts';
import type { PostingBooks } from './store.ts';

type Marked = Pick<JournalRecord, 'id' | 'closingOf'>;

/**
 * The year a journal closes: only the journal GenerateClosingJournal made carries `closingOf`,
 * and only while that year still records it as its closing journal. No route takes
 * `closingOf` as input and a closing journal cannot be edited (closing-rules.ts), so no user
 * journal passes for one. No read for any other journal.
 */
export async function closingYearOf(books: PostingBooks, companyId: string, journal: Marked): Promise<YearRecord | undefined> {
  if (!journal.closingOf) return undefined;
  const year = await books.year(companyId, journal.closingOf);
  return year?.closingJournalId === journal.id ? year : undefined;
}

/**
 * A draft's lines name active cost centers only (check-cost-centers.ts), except in a year's
 * closing journal: its lines close figures booked while their cost centers were active, and a
 * year closes whatever became of them since. A closing journal posts only into its year's last
 * period instead. Errors: StateConflict (InactiveCostCenter), ValidationError (OutsideClosingPeriod).
 */
export async function checkPostable(books: PostingBooks, companyId: string, journal: Marked & Pick<JournalRecord, 'entries'>, postingDate: string): Promise<void> {
  const closing = await closingYearOf(books, companyId, journal);
  if (closing) checkClosingPostingDate(closing, postingDate);
  else await checkCostCentersActive(books, companyId, journal.entries);
}

/** A closing journal's reversal posts into the same last period. Errors: ValidationError (OutsideClosingPeriod). */
export async function checkReversalDate(books: PostingBooks, companyId: string, journal: Marked, postingDate: string): Promise<void> {
  const closing = await closingYearOf(books, companyId, journal);
  if (closing) checkClosingPostingDate(closing, postingDate);
}
