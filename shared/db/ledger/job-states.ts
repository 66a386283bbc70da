import type { ActorRef } from '../../auth/actor.ts';
import type { DraftJournal, InProgressJournal, JournalRecord, PostedJournal, PostingJob, VoidedJournal } from '../../journals/records.ts';

/**
 * The states a posting too wide for one transaction takes its journal through (wide-posting.ts
 * applies it in parts), a mechanic of the books, not a rule of the journal:
 *
 *   draft ──Post──> posting ──parts──> posted        (Post)
 *   posted ──Void/Adjust──> unposting ──parts──> voided / draft   (Void, Adjust)
 *
 * The use cases only see that a job is under way and who may resume it (shared/journals/posting-jobs.ts),
 * and say how to answer once it is finished (Books.postingFinished).
 */

/** Whether the journal shows a job under way: the domain's isInProgress (journals/posting-jobs.ts), as the books check it while applying one. */
export const underWay = (journal: JournalRecord): journal is InProgressJournal => journal.status === 'posting' || journal.status === 'unposting';

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

const now = () => new Date().toISOString();

/** The final states a job leaves a journal in. */
function posted(journal: InProgressJournal): PostedJournal {
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

/** The state the job's own action leaves the journal in (a reversal's job, a Post, leaves it posted). */
export const finalState = (journal: InProgressJournal): JournalRecord => FINAL[journal.job.action](journal);
