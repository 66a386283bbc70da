import type { InProgressJournal, JournalRecord, Posting, PostedJournal } from '../../journals/records.ts';
import type { PostingFigures } from '../../journals/posting-figures.ts';
import type { PostingBooks, PostingPeriodRule } from '../../journals/store.ts';
import type { CommitOptions, UnitOfWork } from '../../unit-of-work.ts';
import { accountLines, costCenterLines } from '../stores/nodes/line-nodes.ts';
import { settledDraftSettings } from '../capacity/settled-settings.ts';
import { getApprovalPolicy } from '../stores/approval-policy-store.ts';
import { getYear } from '../stores/year-store.ts';
import { importEndedCheckOp } from '../stores/import-ended.ts';
import { fitsOneTransaction, transactWrite, type WriteOp } from '../table/transact.ts';
import { withEventSpread } from '../table/unit-of-work.ts';
import { pickLane, pickOtherShard, pickShard } from './balance-store.ts';
import { putNewJournalOp, replaceJournalOp } from './journal-items.ts';
import { drawSerial } from './journal-serials.ts';
import { finalState, withJob } from './job-states.ts';
import { getJournal, mustGetJournal, savedJournal } from './journal-store.ts';
import { placed, type Placed, type Placement } from './placement.ts';
import { findOpenPeriod } from './open-periods.ts';
import { periodTakesPosting, postingPeriodCheckOp, type PeriodTaking } from './posting-periods.ts';
import { asDrawn, postingItemOps } from './posting-items.ts';
import { finishJob, startJobOps } from './wide-posting.ts';

/**
 * The journal books (shared/journals/store.ts, PostingBooks) on DynamoDB: each fact a use case
 * commits becomes the items it writes and checks, placed and checked as the capacity wing says
 * (capacity/README.md, "How the pieces meet on a posting"): a posting draws its balance shard and
 * lane here, checks a guard or nothing under a covering use pin, its period pinned beside the
 * commit when busy, its event spread under the year's pin, and a posting too wide for one
 * transaction takes the stepped path (wide-posting.ts). A posting's figures are the use case's
 * (journals/posting-figures.ts postingFigures), written as they come. Drafts: draft-books-store.ts.
 */

/** A new posting's place among the balance items: a shard (0-63) and a lane (0-3) drawn for all its items. */
const drawPlacement = (figures: PostingFigures): Required<Placement> => ({ balanceShard: pickShard(figures.carriesCurrencies), balanceLane: pickLane() });

/** The fields of a posting (where it went), from a journal that has one. */
const postingOf = ({ postingDate, financialYearId, periodId }: Posting): Posting => ({ postingDate, financialYearId, periodId });

/**
 * Placements a new posting draws before it waits its turn: items drawn afresh are free as likely
 * as not of the posting that held the last ones, so a conflict on them is met by a new draw sent
 * at once; the last draw's conflicts back off as any transaction's (table/transact.ts).
 */
const MAX_DRAWS = 3;

/** Whether the `draw`th placement's items are drawn (sent again elsewhere on a conflict): all but the last. */
const drawnAt = (draw: number) => draw < MAX_DRAWS;

/** A placement none of whose balance items or guard is `placement`'s (pickOtherShard: another shard modulo 4, 8 and 64). */
const otherPlacement = (placement: Required<Placement>): Required<Placement> => ({ balanceShard: pickOtherShard(placement.balanceShard), balanceLane: pickLane() });

/** A new posting at one placement: the placement, its writes (balance items marked drawn when drawn), what its period takes, and the answer. */
interface PostingAt<T> {
  placement: Required<Placement>;
  ops: WriteOp[];
  taking: PeriodTaking;
  response: T;
}

/** Builds a new posting at a placement, its balance items marked drawn when `drawn`. */
type PlacedPosting<T> = (placement: Required<Placement>, drawn: boolean) => PostingAt<T>;

/**
 * Commits a new posting that fits one transaction with what its period takes (periodTakesPosting):
 * its check, or none under the period's pin, and the pin taken or renewed beside the first
 * commit; its event spread under the year's. When its drawn items (balance items, guard) met
 * another transaction, it draws another placement (MAX_DRAWS).
 */
async function commitPosting<T>(uow: UnitOfWork, at: PlacedPosting<T>, first: PostingAt<T>, options?: CommitOptions): Promise<T> {
  for (let draw = 1, posting = first; ; draw++, posting = at(otherPlacement(posting.placement), drawnAt(draw))) {
    const drawn = drawnAt(draw);
    const { ops, taking, response } = posting;
    let drawnBusy = false;
    const watch = (op: WriteOp): WriteOp => {
      if (!op.drawn) return op;
      return { ...op, onConflict: () => { drawnBusy = true; op.onConflict?.(); } };
    };
    const writes = [...ops, ...(drawn ? taking.checks.map(asDrawn) : taking.checks)].map(watch);
    try {
      const [answer] = await Promise.all([uow.commit(withEventSpread(writes, taking.spreadEvent), response, options), draw === 1 ? taking.pin?.() : undefined]);
      return answer;
    } catch (error) {
      // Nothing was written; transactWrite waits on no conflict of drawn items alone (WriteOp.drawn).
      if (!drawnBusy) throw error;
    }
  }
}

/** A new posting at its first placement, drawn for its figures: built once, to be checked (fitsOne) and committed. */
const firstPosting = <T>(at: PlacedPosting<T>, figures: PostingFigures): PostingAt<T> => at(drawPlacement(figures), drawnAt(1));

/** Whether a posting's writes fit one transaction with its checks and the request's items (the same at every placement). */
const fitsOne = ({ ops, taking }: PostingAt<unknown>) => fitsOneTransaction([...ops, ...taking.checks]);

/** The posting's effect on balances and ledgers taken back (`figures`, signed -1), with the "period still open" check. */
function takeBackOps(companyId: string, journal: Placed<PostedJournal>, figures: PostingFigures): WriteOp[] {
  return [postingPeriodCheckOp(companyId, journal.financialYearId, journal.periodId, journal.balanceShard), ...postingItemOps(companyId, journal, figures)];
}

/** The job's final state, as its own action leaves it, answered by `respond`. */
const toFinalState =
  <T>(respond: (journal: JournalRecord) => T) =>
  (journal: InProgressJournal) => {
    const final = finalState(journal);
    return { final, response: respond(final) };
  };

/** Starts a job that takes `before` to its final state (from `withPosting`, the journal with its posting), then finishes it. */
async function runJob<T>(uow: UnitOfWork, companyId: string, before: JournalRecord, withPosting: Placed<JournalRecord>, action: 'Post' | 'Void' | 'Adjust', figures: PostingFigures, respond: (journal: JournalRecord) => T, checks: WriteOp[] = []): Promise<T> {
  const started = placed(withJob(withPosting, action, uow.actor));
  await transactWrite([...startJobOps(companyId, started, replaceJournalOp(companyId, before, started)), ...checks]);
  return finishJob(uow, companyId, started, figures, toFinalState(respond));
}

/**
 * The books as posting, voiding, adjusting and reversing need them: none of the drafts' reads and
 * writes (draft-books-store.ts). `periods` judges the year a posting's date falls in (the domain's
 * rule: financial-years/posting-rules.ts postingPeriod).
 */
export const postingBooks = (periods: PostingPeriodRule): PostingBooks => ({
  journal: getJournal,
  existingJournal: mustGetJournal,
  year: (companyId, yearId) => getYear(companyId, yearId),
  settings: { read: settledDraftSettings },
  accounts: accountLines,
  costCenters: costCenterLines,
  approvalPolicy: getApprovalPolicy,
  nextSerial: drawSerial,
  openPeriod: (companyId, date) => findOpenPeriod(companyId, date, periods),

  saved: savedJournal,

  /** One transaction when its writes fit with the checks and the request's items, else a job of chunks. */
  async posted(uow, companyId, before, after, into, figures, respond) {
    const at: PlacedPosting<ReturnType<typeof respond>> = (placement, drawn) => {
      const posted = { ...after, ...placement };
      const ops = [replaceJournalOp(companyId, before, posted), ...postingItemOps(companyId, posted, figures, drawn)];
      return { placement, ops, taking: periodTakesPosting(companyId, into.year, into.period, placement.balanceShard), response: respond(posted) };
    };
    const first = firstPosting(at, figures);
    if (fitsOne(first)) return commitPosting(uow, at, first);
    return runJob(uow, companyId, before, { ...before, ...postingOf(after), ...first.placement }, 'Post', figures, respond);
  },

  /** An imported journal's only once its import has ended (importEndedCheckOp). */
  async unposted(uow, companyId, before, after, figures, respond) {
    const importEnded = before.importId ? [importEndedCheckOp(companyId, before.importId)] : [];
    const ops = [replaceJournalOp(companyId, before, after), ...takeBackOps(companyId, placed(before), figures), ...importEnded];
    if (fitsOneTransaction(ops)) return uow.commit(ops, respond(after));
    return runJob(uow, companyId, before, placed(before), after.status === 'voided' ? 'Void' : 'Adjust', figures, respond, importEnded);
  },

  /**
   * The reversal born posted with the original marked reversed, in one transaction; a wide one is born as a job, showing `posting` until its last chunk.
   * Answers the reversal; the event records `described`.
   */
  async reversed(uow, companyId, { before, after }, reversal, into, figures, respond, described) {
    const markReversed = replaceJournalOp(companyId, before, after);
    const at: PlacedPosting<ReturnType<typeof respond>> = (placement, drawn) => {
      const posted = { ...reversal, ...placement };
      const ops = [putNewJournalOp(companyId, posted), markReversed, ...postingItemOps(companyId, posted, figures, drawn)];
      return { placement, ops, taking: periodTakesPosting(companyId, into.year, into.period, placement.balanceShard), response: respond(posted) };
    };
    const first = firstPosting(at, figures);
    if (fitsOne(first)) return commitPosting(uow, at, first, { described });
    const started = placed(withJob({ ...reversal, ...first.placement, version: 0 }, 'Post', uow.actor));
    await transactWrite([...startJobOps(companyId, started, putNewJournalOp(companyId, started)), markReversed]);
    return finishJob(uow, companyId, started, figures, (j) => {
      const final = finalState(j);
      return { final, response: respond(final), described };
    });
  },

  postingFinished: (uow, companyId, journal, figures, respond, described) =>
    finishJob(uow, companyId, placed(journal), figures, (j) => {
      const final = finalState(j);
      return { final, response: respond(final), described };
    }),
});
