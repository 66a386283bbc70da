import type { UnitOfWork } from '../unit-of-work.ts';
import { AppError, StateConflict } from '../errors.ts';
import { addDays } from '../financial-years/dates.ts';
import { postJournal, reverseJournal } from '../journals/post-journal.ts';
import type { JournalRecord } from '../journals/records.ts';
import type { PostingBooks } from '../journals/store.ts';
import { recoveryUnitOfWork } from '../journals/recovery-unit-of-work.ts';
import { isInProgress } from '../journals/posting-jobs.ts';
import type { PendingRevaluation, RevaluationView } from './records.ts';
import { reversalDescription } from './revaluation-journals.ts';
import type { RevaluationFinishing } from './store.ts';

/**
 * A revaluation too wide for one transaction, as a sequence of steps, each decided by the state
 * of its journal, so whoever runs it again takes up where it stopped:
 *
 *   draft ──Post on date──> posted ──Reverse on date + 1──> reversed ──end──> done
 *
 * Post and Reverse are the ordinary ones (each wide one a job of its own, resumed by running it
 * again). The last transaction ends the pending revaluation with the request's idempotency record
 * and event. Whoever finds it pending runs what is left: the request sent again, another
 * revaluation of the date, or recovery (recoverRevaluation). A step another request took first is
 * read again, never applied twice.
 * Errors: StateConflict RevaluationInProgress when another request ended it first, and those of
 * the steps that are not another request's progress.
 */
export async function finishRevaluation(port: RevaluationFinishing, uow: UnitOfWork, companyId: string, date: string, pending: PendingRevaluation): Promise<RevaluationView> {
  const { books } = port;
  const steps: UnitOfWork = { actor: pending.actor, commit: async (changes, response) => (await port.commitNow(changes), response) };
  let lastConflict: AppError | undefined;
  for (let attempt = 0; attempt < MAX_STEPS; attempt++) {
    const journal = await books.existingJournal(companyId, pending.journalId);
    const step = await nextStep(books, companyId, journal);
    if (step === 'end' && journal.status === 'reversed') {
      return uow.commit(port.doneChanges(companyId, date, journal.id, pending.periodIds), { date, dryRun: false, journalId: journal.id, reversalId: journal.reversedBy, accounts: pending.accounts });
    }
    try {
      if (step === 'post') await postJournal(books, steps, companyId, journal.id, { postingDate: date, version: 1 }, true);
      else await reverseJournal(books, steps, companyId, journal.id, { postingDate: addDays(date, 1), version: 2, description: reversalDescription(date) }, true);
    } catch (error) {
      // Another request took this step, or is taking it: read the journal again.
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      lastConflict = error;
    }
  }
  throw lastConflict;
}

/** Steps in all: post, reverse, end, and a few reads again after another request's progress. */
const MAX_STEPS = 6;

/** What the journal needs next: posting (or its job finished), reversing (or its reversal's job finished), or the end. */
async function nextStep(books: PostingBooks, companyId: string, journal: JournalRecord): Promise<'post' | 'reverse' | 'end'> {
  if (journal.status === 'draft' || journal.status === 'posting') return 'post';
  if (journal.status === 'posted') return 'reverse';
  // Void and Adjust do not apply to a revaluation journal (rules.ts checkTransition).
  if (journal.status !== 'reversed') throw new StateConflict('InvalidState', `The revaluation journal is ${journal.status}.`);
  const reversal = await books.journal(companyId, journal.reversedBy);
  return reversal && isInProgress(reversal) ? 'reverse' : 'end';
}

/**
 * Finishes the date's revaluation whose request died, as that request would have, with its
 * RevaluationPosted event. False when none is pending (another request finished it).
 */
export async function recoverRevaluation(port: RevaluationFinishing, companyId: string, date: string): Promise<boolean> {
  const { pending } = await port.day(companyId, date);
  if (!pending) return false;
  await finishRevaluation(port, recoveryUnitOfWork(port.recoveryUnits, companyId, pending.actor, 'RevaluationPosted', {}, { date }), companyId, date, pending);
  return true;
}
