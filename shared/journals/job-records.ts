/**
 * Jobs too wide for one transaction: wide postings (wide-posting.ts) and revaluations
 * (shared/revaluations/). Pure types; shared/db/stores/job-store.ts stores and reads them.
 */

/** A company's jobs: how many ever started, how many are under way (a report reads steady books only when none applied a chunk meanwhile). */
export interface JobsState {
  started: number;
  underWay: number;
}

/** A job under way, as recovery finds it. */
export interface UnfinishedJob {
  companyId: string;
  journalId: string;
  startedAt: string;
  /** Set on a revaluation under way (shared/revaluations/finish-revaluation.ts): its date; journalId is its journal. */
  revaluationDate?: string;
}
