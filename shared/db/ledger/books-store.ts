import { finalState, withJob } from '../../journals/posting-jobs.ts';
import { getTaxCodesByCode } from '../stores/tax-code-store.ts';
import { getCounterparties } from '../stores/counterparty-store.ts';
import type { DraftJournal, UnpostedJournal, InProgressJournal, JournalRecord, Posting, PostedJournal } from '../../journals/records.ts';
import { carriesCurrencies } from '../../journals/rules.ts';
import type { Books, DraftCreating, DraftRead, DraftUpdating, DraftYear, OpenPeriod } from '../../journals/store.ts';
import { pinCovers } from '../capacity/pin-rules.ts';
import { pinOf } from '../capacity/pinned.ts';
import { spreadsEvent } from '../events/pending-width.ts';
import type { Change, CommitOptions, UnitOfWork } from '../../unit-of-work.ts';
import { wantsPin } from '../capacity/busy-records.ts';
import { pinNode, pinYear } from '../capacity/use-pins.ts';
import type { NodeRecord } from '../../tree/records.ts';
import type { YearRecord } from '../../financial-years/records.ts';
import { accountLines, costCenterLines } from '../stores/nodes/line-nodes.ts';
import { settledSettings } from '../capacity/settled-settings.ts';
import { getApprovalPolicy } from '../stores/approval-policy-store.ts';
import { getYear } from '../stores/year-store.ts';
import { rateOn } from '../stores/exchange-rate-store.ts';
import { fitsOneTransaction, inChunks, MAX_TRANSACTION_ITEMS, transactWrite, writesOf, type WriteOp } from '../table/transact.ts';
import { withEventSpread } from '../table/unit-of-work.ts';
import { pickLane, pickShard } from './balance-store.ts';
import { putNewJournalOp, replaceJournalOp } from './journal-items.ts';
import { drawSerial, giveBackSerial } from './journal-serials.ts';
import { getJournal, mustGetJournal, savedJournal } from './journal-store.ts';
import { placed, type Placed, type Placement } from './placement.ts';
import { findOpenPeriod } from './open-periods.ts';
import { draftDateChecks, periodTakesPosting, postingPeriodCheckOp, type DraftDateChecks, type PeriodTaking } from './posting-periods.ts';
import { referenceChanges } from './reference-changes.ts';
import { postingItemOps } from './posting-items.ts';
import { finishJob, startJobOps } from './wide-posting.ts';

/**
 * The journal books (shared/journals/store.ts) on DynamoDB: each fact a use case commits becomes
 * the items it writes and checks, placed and checked as the capacity wing says
 * (capacity/README.md, "How the pieces meet on a posting"): a posting draws its balance shard and
 * lane here, a draft or posting checks a guard or nothing under a covering use pin, a busy record
 * is pinned beside the commit, an event spread under the year's pin, and a fact too wide for one
 * transaction takes the stepped path (wide drafts below, wide postings: wide-posting.ts).
 */

/** A new posting's place among the balance items: a shard (0-63) and a lane (0-3) drawn for all its items. */
const drawPlacement = (entries: PostedJournal['entries']): Required<Placement> => ({ balanceShard: pickShard(carriesCurrencies(entries)), balanceLane: pickLane() });

/** The fields of a posting (where it went), from a journal that has one. */
const postingOf = ({ postingDate, financialYearId, periodId }: Posting): Posting => ({ postingDate, financialYearId, periodId });

/**
 * The accounts whose use pin, as read, covers the draft (now, after the read: the later, the
 * less it covers), the pins this instance takes or renews beside the draft's commit, on the
 * busy accounts and year it names (use-pins.ts; docs/decisions.md, Capacity), and whether the
 * year's pin lets its event be spread (events/pending-width.ts).
 */
function pinsOf(companyId: string, read: readonly NodeRecord[], year: YearRecord | undefined) {
  const now = Date.now();
  const pinning = [...read.filter((a) => wantsPin(a, now)).map((a) => () => pinNode(accountLines, companyId, a)), ...(year && wantsPin(year, now) ? [() => pinYear(companyId, year)] : [])];
  return { pinned: new Set(read.filter((a) => pinCovers(pinOf(a), now)).map((a) => a.id)), pinning, spreadEvent: spreadsEvent(year && pinOf(year), now) };
}

/** Reference pairs (check and usage item) per transaction of a wide draft's first writes. */
const PAIRS_PER_TRANSACTION = Math.floor(MAX_TRANSACTION_ITEMS / 2);

/**
 * In one transaction when they fit; for a wide draft, the new references first, in chunks (each
 * usage item protects its account or cost center from deletion from then on), then the draft,
 * then the dropped references' usage items. A failure between them leaves at most usage items
 * no journal names, which stop counting after their lease (node-usage.ts); the draft itself is
 * written whole or not at all.
 */
async function writeDraft<T>(uow: UnitOfWork, write: WriteOp[], adds: WriteOp[][], removes: WriteOp[], spreadEvent: boolean, response: T): Promise<T> {
  const all = [...write, ...adds.flat(), ...removes];
  if (fitsOneTransaction(all)) return uow.commit(withEventSpread(all, spreadEvent), response);
  for (const pairs of inChunks(adds, PAIRS_PER_TRANSACTION)) await transactWrite(pairs.flat());
  const answer = await uow.commit(withEventSpread(write, spreadEvent), response);
  // The draft is committed: usage items left behind by a failure here stop counting after their lease.
  for (const chunk of inChunks(removes, MAX_TRANSACTION_ITEMS)) await transactWrite(chunk).catch(() => undefined);
  return answer;
}

/**
 * Commits a new posting with what its period takes (periodTakesPosting): its check, or none under
 * the period's pin, and the pin taken or renewed beside the commit; its event spread under the year's.
 */
async function commitPosting<T>(uow: UnitOfWork, ops: WriteOp[], taking: PeriodTaking, response: T, options?: CommitOptions): Promise<T> {
  const [answer] = await Promise.all([uow.commit(withEventSpread([...ops, ...taking.checks], taking.spreadEvent), response, options), taking.pin?.()]);
  return answer;
}

/** The posting's effect on balances and ledgers taken back, with the "period still open" check. */
function takeBackOps(companyId: string, journal: Placed<PostedJournal>): WriteOp[] {
  return [postingPeriodCheckOp(companyId, journal.financialYearId, journal.periodId, journal.balanceShard), ...postingItemOps(companyId, journal, -1)];
}

/** The job's final state, as its own action leaves it, answered by `respond`. */
const toFinalState =
  <T>(respond: (journal: JournalRecord) => T) =>
  (journal: InProgressJournal) => {
    const final = finalState(journal);
    return { final, response: respond(final) };
  };

/** Starts a job that takes `before` to its final state (from `withPosting`, the journal with its posting), then finishes it. */
async function runJob<T>(uow: UnitOfWork, companyId: string, before: JournalRecord, withPosting: Placed<JournalRecord>, action: 'Post' | 'Void' | 'Adjust', respond: (journal: JournalRecord) => T): Promise<T> {
  const started = placed(withJob(withPosting, action, uow.actor));
  await transactWrite(startJobOps(companyId, started, replaceJournalOp(companyId, before, started)));
  return finishJob(uow, companyId, started, toFinalState(respond));
}

/**
 * The draft with the writes recording what it names (referenceChanges), while this instance
 * takes or renews the pins of the busy accounts and year it names: a pin spares later drafts
 * their check, this one checks what it read.
 */
async function draftSaved<T>(uow: UnitOfWork, companyId: string, { before, after }: { before?: UnpostedJournal; after: DraftJournal }, read: DraftRead, checks: readonly Change[], response: T): Promise<T> {
  const year = read.year as DraftDateChecks;
  const pins = pinsOf(companyId, read.accounts, year.year);
  const write = [before ? replaceJournalOp(companyId, before, after) : putNewJournalOp(companyId, after), ...writesOf(checks), ...year.checks];
  const { adds, removes } = referenceChanges(companyId, after.id, after.entries, before?.entries ?? [], { pinned: pins.pinned });
  const [answer] = await Promise.all([writeDraft(uow, write, adds, removes, pins.spreadEvent, response), ...pins.pinning.map((pin) => pin())]);
  return answer;
}

const draftYear = (companyId: string, date: string): Promise<DraftYear> => draftDateChecks(companyId, date);

/**
 * The books as creating or updating a draft needs them: the functions that only save drafts
 * bundle none of the posting below, and an update none of the serial numbers.
 */
export const draftCreatingStore: DraftCreating = {
  settings: settledSettings,
  accounts: accountLines,
  costCenters: costCenterLines,
  rateOn,
  taxCodes: getTaxCodesByCode,
  counterparties: getCounterparties,
  nextSerial: drawSerial,
  serialUnused: giveBackSerial,
  draftYear,
  draftSaved,
};

export const draftUpdatingStore: DraftUpdating = {
  existingJournal: mustGetJournal,
  settings: settledSettings,
  accounts: accountLines,
  costCenters: costCenterLines,
  rateOn,
  taxCodes: getTaxCodesByCode,
  counterparties: getCounterparties,
  draftYear,
  draftSaved,
};

export const booksStore: Books = {
  journal: getJournal,
  existingJournal: mustGetJournal,
  year: (companyId, yearId) => getYear(companyId, yearId),
  settings: settledSettings,
  accounts: accountLines,
  costCenters: costCenterLines,
  rateOn,
  taxCodes: getTaxCodesByCode,
  counterparties: getCounterparties,
  approvalPolicy: getApprovalPolicy,
  nextSerial: drawSerial,
  serialUnused: giveBackSerial,
  openPeriod: (companyId: string, date: string): Promise<OpenPeriod> => findOpenPeriod(companyId, date),
  draftYear,
  draftSaved,

  saved: savedJournal,

  /** One transaction when its writes fit with the checks and the request's items, else a job of chunks. */
  async posted(uow, companyId, before, after, into, respond) {
    const placement = drawPlacement(before.entries);
    const posted = { ...after, ...placement };
    const taking = periodTakesPosting(companyId, into.year, into.period, placement.balanceShard);
    const ops = [replaceJournalOp(companyId, before, posted), ...postingItemOps(companyId, posted, 1)];
    if (fitsOneTransaction([...ops, ...taking.checks])) return commitPosting(uow, ops, taking, respond(posted));
    return runJob(uow, companyId, before, { ...before, ...postingOf(after), ...placement }, 'Post', respond);
  },

  async unposted(uow, companyId, before, after, respond) {
    const ops = [replaceJournalOp(companyId, before, after), ...takeBackOps(companyId, placed(before))];
    if (fitsOneTransaction(ops)) return uow.commit(ops, respond(after));
    return runJob(uow, companyId, before, placed(before), after.status === 'voided' ? 'Void' : 'Adjust', respond);
  },

  /**
   * The reversal born posted with the original marked reversed, in one transaction; a wide one is born as a job, showing `posting` until its last chunk.
   * Answers the reversal; the event records `described`.
   */
  async reversed(uow, companyId, { before, after }, reversal, into, respond, described) {
    const placement = drawPlacement(before.entries);
    const posted = { ...reversal, ...placement };
    const markReversed = replaceJournalOp(companyId, before, after);
    const taking = periodTakesPosting(companyId, into.year, into.period, placement.balanceShard);
    const ops = [putNewJournalOp(companyId, posted), markReversed, ...postingItemOps(companyId, posted, 1)];
    if (fitsOneTransaction([...ops, ...taking.checks])) return commitPosting(uow, ops, taking, respond(posted), { described });
    const started = placed(withJob({ ...posted, version: 0 }, 'Post', uow.actor));
    await transactWrite([...startJobOps(companyId, started, putNewJournalOp(companyId, started)), markReversed]);
    return finishJob(uow, companyId, started, (j) => {
      const final = finalState(j);
      return { final, response: respond(final), described };
    });
  },

  postingFinished: (uow, companyId, journal, finish) => finishJob(uow, companyId, placed(journal), finish),
};
