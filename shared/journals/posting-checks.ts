import { StateConflict, ValidationError } from '../errors.ts';
import type { JournalRecord } from './records.ts';
import type { YearRecord } from '../financial-years/records.ts';
import type { DateRange } from '../financial-years/rules.ts';
import type { Line } from './rules.ts';
import type { Books, PostingBooks } from './store.ts';

/**
 * What posting checks of a journal besides its balance and state (post-journal.ts): a year's
 * closing journal, and its reversal, post into the year's last period (checkClosingPostingDate);
 * any other journal's lines name active cost centers only.
 */

type Marked = Pick<JournalRecord, 'id' | 'closingOf'>;

/**
 * The year a journal closes: only the journal GenerateClosingJournal made carries `closingOf`,
 * and only while that year still records it as its closing journal. No route takes
 * `closingOf` as input and a closing journal cannot be edited (financial-years/closing-rules.ts),
 * so no user journal passes for one. No read for any other journal.
 */
export async function closingYearOf(books: PostingBooks, companyId: string, journal: Marked): Promise<YearRecord | undefined> {
  if (!journal.closingOf) return undefined;
  const year = await books.year(companyId, journal.closingOf);
  return year?.closingJournalId === journal.id ? year : undefined;
}

/**
 * A draft's lines name active cost centers only (checkCostCentersActive), except in a year's
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

/**
 * Posting checks the draft's cost centers again: one deactivated after the draft was written
 * no longer takes entries (spec: only an active cost center can be used in entry lines).
 * Void and Reverse act on lines already in the books and do not check; nor does a year's
 * closing journal (checkPostable), which closes figures booked while they were active.
 * Errors: StateConflict (InactiveCostCenter) naming the first line that uses one.
 */
async function checkCostCentersActive(books: Pick<Books, 'costCenters'>, companyId: string, lines: readonly Line[]): Promise<void> {
  const ids = [...new Set(lines.flatMap((l) => (l.costCenterId ? [l.costCenterId] : [])))];
  const nodes = await Promise.all(ids.map((id) => books.costCenters.get(companyId, id)));
  const inactive = new Set(nodes.filter((n) => n && n.attributes.status !== 'active').map((n) => n!.id));
  const line = lines.findIndex((l) => l.costCenterId !== null && inactive.has(l.costCenterId));
  if (line >= 0) {
    throw new StateConflict('InactiveCostCenter', 'is an inactive cost center; activate it or change the line before posting', `entries[${line}].costCenterId`);
  }
}

/**
 * A closing journal, and the reversal of one, post into the last period of the year they close,
 * nowhere else: the year's profit moves to retained earnings at the year's end, and the income
 * statement leaves them out by their year (reports/closing-entries.ts). Posted in another year,
 * the closing lines would read as that year's revenue and expense.
 * Errors: ValidationError (OutsideClosingPeriod) naming `postingDate`.
 */
export function checkClosingPostingDate(year: { name: string; periods: readonly DateRange[] }, postingDate: string): void {
  const last = year.periods.at(-1)!;
  if (postingDate < last.startDate || postingDate > last.endDate) {
    throw ValidationError.field(
      'postingDate',
      `a closing journal of ${year.name} (or its reversal) posts into the year's last period, ${last.startDate} to ${last.endDate}`,
      'OutsideClosingPeriod',
    );
  }
}
