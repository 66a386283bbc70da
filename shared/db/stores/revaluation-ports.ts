import type { PostingBooks, PostingPeriodRule } from '../../journals/store.ts';
import type { RevaluationCreating, RevaluationFinishing } from '../../revaluations/store.ts';
import { allYears } from '../capacity/year-hint.ts';
import { sumsThrough } from '../ledger/balance-reads.ts';
import { drawSerial } from '../ledger/journal-serials.ts';
import { findOpenPeriod } from '../ledger/open-periods.ts';
import { transactWrite } from '../table/transact.ts';
import { jobsState, revaluationFinishedOps } from './job-store.ts';
import { recoveryUnits } from '../table/unit-of-work.ts';
import { allNodes } from './nodes/node-reads.ts';
import { getRevaluationDay, revaluationDoneOp, RevaluationRaced } from './revaluation-store.ts';
import { rateOn } from './exchange-rate-store.ts';
import { getSettings } from './settings-store.ts';
import { periodPostingsOp } from './year-store.ts';

/**
 * The revaluations' ports (revaluations/store.ts), plain properties. Making one reads a few of the
 * journals' books (its places, rates, a serial number); its writes (revaluation-books.ts) load with
 * a request that posts one, not a dry run; the posting books (books-store.ts: posting, reversing,
 * jobs) with the stepped path only.
 */

const doneChanges: RevaluationFinishing['doneChanges'] = (companyId, date, journalId, periodIds) => [
  revaluationDoneOp(companyId, date, journalId),
  ...revaluationFinishedOps(companyId, date),
  ...periodIds.map((p) => periodPostingsOp(companyId, p, -1)),
];

/** Finishing a revaluation with the books given (recovery hands in its own). */
export const revaluationFinishing = (books: PostingBooks): RevaluationFinishing => ({ books, day: getRevaluationDay, doneChanges, commitNow: transactWrite, recoveryUnits });

/** Making a revaluation, its posting periods judged by `periods` (financial-years/posting-rules.ts postingPeriod, handed in by the handler). */
export const revaluationCreating = (periods: PostingPeriodRule): RevaluationCreating => ({
  books: { openPeriod: (companyId, date) => findOpenPeriod(companyId, date, periods), rateOn, nextSerial: drawSerial },
  day: getRevaluationDay,
  reports: { jobsState, settings: getSettings, accounts: (companyId) => allNodes('ACCOUNT', companyId), years: allYears, sums: sumsThrough },
  posting: async () => (await import('../ledger/revaluation-books.ts')).revaluationBooks,
  raced: (error) => error instanceof RevaluationRaced,
  finishing: async () => revaluationFinishing((await import('../ledger/books-store.ts')).postingBooks(periods)),
});
