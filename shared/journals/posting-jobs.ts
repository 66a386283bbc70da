import { StateConflict } from '../errors.ts';
import type { EventType } from '../events/event-types.ts';
import type { InProgressJournal, JournalRecord, PostingJob } from './records.ts';
import { postingFigures, type PostingFigures } from './posting-figures.ts';

/**
 * A posting too wide for one transaction, as the use cases see it (pure): the journal shows a job
 * under way (`posting` or `unposting`), which the books start, apply in parts and finish in the
 * state its action leaves (shared/db/ledger/job-states.ts, wide-posting.ts). A failure anywhere
 * leaves the journal showing its job; the same request sent again (same action, the version it
 * was based on or the journal's current one) finishes it, and if nobody sends it, recovery
 * (recover-jobs.ts) does.
 */

export const isInProgress = (journal: JournalRecord): journal is InProgressJournal => journal.status === 'posting' || journal.status === 'unposting';

/**
 * A request for `action` on a journal whose job is under way: the job's own request sent again
 * resumes it. Errors: StateConflict PostingInProgress for any other request.
 */
export function checkResumes(journal: InProgressJournal, action: PostingJob['action'], version: number): void {
  if (journal.job.action === action && (version === journal.version || version === journal.job.fromVersion)) return;
  throw new StateConflict('PostingInProgress', `A ${journal.job.action} of this journal is under way; send it again to finish it.`);
}

/**
 * What a job applies: its journal's posting (`posting`) or taking it back (`unposting`). Worked
 * out from the journal alone, so whoever finishes the job (its request again, recovery) applies
 * the same figures in the same chunks.
 */
export const jobFigures = (journal: InProgressJournal): PostingFigures => postingFigures(journal.entries, journal.status === 'posting' ? 1 : -1);

/** A reversal born as a job (a wide Reverse): it has no version before its job. */
export const isReversalJob = (journal: InProgressJournal) => journal.reversalOf !== undefined && journal.job.fromVersion === 0;

/** The event a job's request records when it finishes the job. */
export const jobEvent = (journal: InProgressJournal): EventType =>
  isReversalJob(journal) ? 'JournalReversed' : ({ Post: 'JournalPosted', Void: 'JournalVoided', Adjust: 'JournalAdjusted' } as const)[journal.job.action];
