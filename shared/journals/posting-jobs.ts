import type { ActorRef } from '../auth/actor.ts';
import { StateConflict } from '../errors.ts';
import type { EventType } from '../events/event-types.ts';
import type { DraftJournal, InProgressJournal, JournalRecord, PostedJournal, PostingJob, VoidedJournal } from './records.ts';

/**
 * A posting too wide for one transaction, as a journal's states (pure; the books apply it in
 * parts: shared/db/ledger/wide-posting.ts):
 *
 *   draft ──Post──> posting ──parts──> posted        (Post)
 *   posted ──Void/Adjust──> unposting ──parts──> voided / draft   (Void, Adjust)
 *
 * A failure anywhere leaves the journal showing its job; the same request sent again (same
 * action, the version it was based on or the journal's current one) finishes it, and if nobody
 * sends it, recovery (recover-jobs.ts) does.
 */

export const isInProgress = (journal: JournalRecord): journal is InProgressJournal => journal.status === 'posting' || journal.status === 'unposting';

/** The journal as its job shows it, from the state it leaves (`journal`, with its posting). */
export function withJob<J extends JournalRecord>(journal: J, action: PostingJob['action'], actor: ActorRef): InProgressJournal {
  const { reversedBy: _reversed, ...fields } = journal as J & { reversedBy?: string };
  return {
    ...(fields as unknown as InProgressJournal),
    status: action === 'Post' ? 'posting' : 'unposting',
    job: { action, next: 0, fromVersion: journal.version, actor },
    version: journal.version + 1,
    updatedAt: new Date().toISOString(),
  };
}

/**
 * A request for `action` on a journal whose job is under way: the job's own request sent again
 * resumes it. Errors: StateConflict PostingInProgress for any other request.
 */
export function checkResumes(journal: InProgressJournal, action: PostingJob['action'], version: number): void {
  if (journal.job.action === action && (version === journal.version || version === journal.job.fromVersion)) return;
  throw new StateConflict('PostingInProgress', `A ${journal.job.action} of this journal is under way; send it again to finish it.`);
}

const now = () => new Date().toISOString();

/** The final states a job leaves a journal in. */
export function posted(journal: InProgressJournal): PostedJournal {
  const { job: _job, ...fields } = journal;
  return { ...fields, status: 'posted', updatedAt: now() };
}
function voided(journal: InProgressJournal): VoidedJournal {
  const { job: _job, ...fields } = journal;
  return { ...fields, status: 'voided', updatedAt: now() };
}
function draftAgain(journal: InProgressJournal): DraftJournal {
  const { job: _job, postingDate: _date, financialYearId: _year, periodId: _period, postedBy: _by, postedAt: _at, submittedBy: _asked, submittedAt: _askedAt, approvals: _given, approvalPolicyVersion: _policy, ...fields } = journal;
  return { ...fields, status: 'draft', updatedAt: now() };
}
const FINAL = { Post: posted, Void: voided, Adjust: draftAgain } as const;

/** The state the job's own action leaves the journal in. */
export const finalState = (journal: InProgressJournal): JournalRecord => FINAL[journal.job.action](journal);

/** A reversal born as a job (a wide Reverse): it has no version before its job. */
export const isReversalJob = (journal: InProgressJournal) => journal.reversalOf !== undefined && journal.job.fromVersion === 0;

/** The event a job's request records when it finishes the job. */
export const jobEvent = (journal: InProgressJournal): EventType =>
  isReversalJob(journal) ? 'JournalReversed' : ({ Post: 'JournalPosted', Void: 'JournalVoided', Adjust: 'JournalAdjusted' } as const)[journal.job.action];
