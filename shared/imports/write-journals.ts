import type { ActorRef } from '../auth/actor.ts';
import { attachedRecord } from '../attachments/attach.ts';
import { attachmentView } from '../attachments/view.ts';
import { AppError, VersionConflict } from '../errors.ts';
import { inChunks } from '../in-chunks.ts';
import type { DraftJournal, PostedJournal, SubmittedJournal } from '../journals/records.ts';
import { postingFigures } from '../journals/posting-figures.ts';
import { ledgerEntries } from '../journals/rules.ts';

/** A journal as the job writes it, with the files it takes. */
type ImportedJournal = (DraftJournal | SubmittedJournal | PostedJournal) & { attachments?: PlannedAttachment[] | undefined };
import { journalView } from '../journals/views.ts';
import { importedId } from './ids.ts';
import { AlreadyWritten, built, Unwritable, type JobSteps } from './job-steps.ts';
import type { PlannedAttachment } from './journal-attachments.ts';
import type { PlannedJournal } from './plan-journals.ts';
import type { RowError } from './records.ts';
import type { ImportWork, StoredItem } from './store.ts';
import type { Change } from '../unit-of-work.ts';

/**
 * Writes planned journals as ordinary journals (serial numbers, events, balances, ledgers), in
 * steps every worker of the job numbers alike:
 *
 *   set aside ──> usage items ──> accounts still usable? ──> start ──> balances, first ledger items ──> journals (by group) ──> end
 *                                                                                                   beside them the next group's ledger items
 *
 * - set aside: every journal's writes are built once before anything is written (the builders are
 *   pure); a journal whose writes cannot be built is an error of its first row, one step each, and
 *   is left out (an atomic import is refused instead), so no later step can fail on it again;
 * - usage items: one per (account or cost center, group of journals), written first; while the
 *   import is under way they hold off any delete of what its journals will name (node-usage.ts);
 * - start (posted journals): one transaction checks every period they post into is open, counts
 *   the import as a posting under way into each (Lock and Close wait) and as a job under way in
 *   the company (reports wait: steady-books.ts);
 * - balances: the import's own balance items (db/ledger/import-postings.ts), which no other
 *   posting writes, so they are put with their totals over every journal (ledger-fold.ts), each
 *   day's packed into one item (packed-balances.ts; a job checked under steps layout 3 or later),
 *   and putting them again after a crash changes nothing; a later Void of an imported journal
 *   takes its amounts off the same shard;
 * - ledger items: puts, repeatable while their journals are not written: the first group's
 *   follow the balances in the same run of puts, and each later group's are put beside the
 *   transactions of the group before it, in the same step, so the database works on both at
 *   once (a transaction waits on its locks) and a group's journals are written only in a step
 *   after the one that recorded its ledger items;
 * - per group of batches: the group's transactions at once, each writing a batch of journals
 *   whole, each journal with its event (JournalCreated for a draft; JournalPosted for a journal
 *   born posted at version 1, as a reversing journal is); a batch written before refuses to be
 *   written again, so a resumed step writes only the batches that were not (and puts the next
 *   group's ledger items again, none of whose journals is written yet); then the step is recorded;
 *   a job checked before this layout (its progress names none: records.ts STEPS_LAYOUT) keeps the
 *   steps it was numbered by: each group's ledger items in a step of their own before its
 *   transactions;
 * - end: the counts of the start are taken back.
 * Every step is recorded on the job, so a resumed job applies each once. Nothing after the start
 * can be refused by the books, so balances are never written for journals that then are not.
 */

/** Puts per repeatable step: a step takes seconds, well inside a claim. */
const PUTS_PER_STEP = 2_000;
/** Files locked per repeatable step: one storage request each, a few at once. */
const LOCKS_PER_STEP = 200;
const LOCKS_AT_ONCE = 10;
/** Journals per usage item. */
const USAGE_GROUP = 500;
/** Batches of one step: their transactions sent at once, the next group's ledger items (about 4,000 for journals of 10 lines) put beside them. */
const BATCHES_PER_GROUP = 8;
/** Journals per transaction: each journal and its event. */
const perTransaction = (work: ImportWork) => Math.floor(work.transactionLimit / 2);
/**
 * The changes a journal's transaction holds: it and its event, and for the files it takes the
 * journal's count, and per file its record, the company's record and its event.
 */
const changesOf = (record: { attachments?: readonly unknown[] | undefined }) => 2 + (record.attachments?.length ? 1 + 3 * record.attachments.length : 0);
/** Consecutive runs of items whose weights sum to at most `max` each (an item heavier than `max` alone). */
function inRuns<T>(items: readonly T[], weight: (item: T) => number, max: number): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let sum = 0;
  for (const item of items) {
    const w = weight(item);
    if (run.length > 0 && sum + w > max) {
      runs.push(run);
      run = [];
      sum = 0;
    }
    run.push(item);
    sum += w;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
/** The journals' transactions: as many as fit the limit each (50 journals without files). */
const batchesOf = <T extends { attachments?: readonly unknown[] | undefined }>(work: ImportWork, journals: readonly T[]) => inRuns(journals, changesOf, 2 * perTransaction(work));
/** The journals' groups: a step of at most BATCHES_PER_GROUP transactions' worth of changes. */
const groupsOf = <T extends { attachments?: readonly unknown[] | undefined }>(work: ImportWork, journals: readonly T[]) => inRuns(journals, changesOf, 2 * perTransaction(work) * BATCHES_PER_GROUP);

/** A job the books refuse as a whole before it writes anything that counts (a period no longer open, an account deleted). */
export class ImportRefused extends Error {
  constructor(readonly error: RowError) {
    super(error.reason);
  }
}

export async function writeJournals(steps: JobSteps, planned: readonly PlannedJournal[]): Promise<void> {
  const { work, companyId, job } = steps;
  const layout = journalSteps(steps, planned);
  const { records, posted, periods, setAside } = layout;
  if (setAside.length > 0 && job.mode === 'atomic') throw new ImportRefused(setAside[0]!);
  let step = 0;
  for (const error of setAside) await steps.failed(step++, error);

  // Usage items, then the check that everything named is still usable.
  const kept = records.map((r) => layout.plannedOf(r));
  for (const chunk of inChunks(layout.usage, PUTS_PER_STEP)) await steps.repeatable(step++, () => work.bulk(chunk));
  await steps.repeatable(step++, () => checkStillUsable(work, companyId, kept));
  // The files the journals take, locked for their journal's year before any record says so (repeated, the same date changes nothing).
  for (const chunk of inChunks(layout.files, LOCKS_PER_STEP)) await steps.repeatable(step++, () => lockFiles(work, chunk));

  // Start: periods open and counted, the company's job counted.
  if (posted.length > 0) {
    await steps.inTransaction(step++, () => startOps(work, companyId, periods, kept)).catch((error: unknown) => {
      if (error instanceof AppError && error.status < 500 && error.items[0]!.code !== 'ImportMoved') throw new ImportRefused({ row: 0, field: 'postingDate', reason: error.items[0]!.reason, code: error.items[0]!.code });
      throw error;
    });
    // The balances, and the first group's ledger items, in one run of puts.
    for (const chunk of inChunks(layout.puts, PUTS_PER_STEP)) await steps.repeatable(step++, () => work.bulk(chunk));
  }

  // The journals: per group of batches, the batches' transactions at once, and beside them the next group's ledger items
  // (in a job checked before that layout, each group's ledger items in a step of their own before its transactions).
  const { groups, beside } = layout;
  for (const [g, group] of groups.entries()) {
    if (!beside && group.some((r) => r.status === 'posted')) await steps.repeatable(step++, () => work.bulk(layout.ledgerOf(group)));
    const rows = group.reduce((n, r) => n + layout.plannedOf(r).rows.length, 0);
    const nextLedger = beside && g + 1 < groups.length ? layout.ledgerOf(groups[g + 1]!) : [];
    await steps.inTransactions(step++, batchesOf(work, group).map((batch) => () => batch.flatMap((record) => journalOps(steps, companyId, record))), { written: rows }, nextLedger.length > 0 ? () => work.bulk(nextLedger) : undefined);
  }

  if (posted.length > 0) await steps.inTransaction(step++, () => endOps(work, companyId, periods));
}

/**
 * What a job that stops part way (its creator's access gone, failures past their bound) must
 * undo so the company is not held and its figures match its journals. The journals it wrote are
 * read by id (their rows are what it wrote); when the start counted the import and the end has
 * not taken that back, the import's balance shard is put again from the journals written (items
 * of no written journal deleted), the ledger items of journals not written are deleted, and the
 * counts of the start are the writes to end the job with. Puts and deletes that may be repeated:
 * a worker that dies here is followed by one that does the same.
 */
export async function windDownJournals(steps: JobSteps, planned: readonly PlannedJournal[]): Promise<{ release: Change[]; written: number }> {
  const { work, companyId } = steps;
  const { records, posted, periods, balances, startStep, endStep, plannedOf } = journalSteps(steps, planned);
  const writtenIds = await work.existingJournalIds(companyId, records.map((r) => r.id));
  const written = records.filter((r) => writtenIds.has(r.id)).reduce((n, r) => n + plannedOf(r).rows.length, 0);
  if (posted.length === 0 || steps.nextOfPart <= startStep || steps.nextOfPart > endStep) return { release: [], written };
  const keep = work.balanceItems(companyId, posted.filter((j) => writtenIds.has(j.id)), postingFigures, packsDays(steps));
  const keyOf = (item: StoredItem) => JSON.stringify([item.pk, item.sk]);
  const kept = new Set(keep.map(keyOf));
  const stale = balances.filter((item) => !kept.has(keyOf(item)));
  const unwrittenLedger = posted.filter((j) => !writtenIds.has(j.id)).flatMap((j) => work.ledgerItems(companyId, j, ledgerEntries(j.entries)));
  await work.bulk(keep, [...stale, ...unwrittenLedger]);
  return { release: endOps(work, companyId, periods), written };
}

/** The records a job writes and where its steps fall, as every worker of the job computes them. */
function journalSteps(steps: JobSteps, planned: readonly PlannedJournal[]) {
  const { work, companyId, job } = steps;
  const serialBase = job.progress.serialBase!;
  const now = new Date().toISOString();
  const all = planned.map((p, i) => recordOf(work, p, serialBase + i, serialBase, now, job));
  const setAside: RowError[] = [];
  const records = all.filter((record, i) => {
    const fault = buildFault(steps, companyId, record);
    if (fault) setAside.push({ row: planned[i]!.rows[0]!, field: 'data', reason: `this journal ${fault.message}`, code: 'Unwritable' });
    return !fault;
  });
  const posted = records.filter((r): r is PostedJournal => r.status === 'posted');
  const periods = new Map(posted.map((j) => [j.periodId, j.financialYearId]));
  const usage = usageItems(work, companyId, job.id, records.map((r) => planned[r.serialNumber - serialBase]!));
  const files = records.flatMap((r) => r.attachments ?? []);
  const startStep = setAside.length + inChunks(usage, PUTS_PER_STEP).length + 1 + inChunks(files, LOCKS_PER_STEP).length;
  const balances = posted.length > 0 ? work.balanceItems(companyId, posted, postingFigures, packsDays(steps)) : [];
  const groups = groupsOf(work, records);
  const ledgerOf = (group: readonly ImportedJournal[]) => group.filter((r): r is PostedJournal => r.status === 'posted').flatMap((j) => work.ledgerItems(companyId, j, ledgerEntries(j.entries)));
  // The first group's ledger items follow the balances; each later group's go beside the transactions of the group before it.
  const beside = (job.progress.layout ?? 1) >= 2;
  const puts = posted.length > 0 ? [...balances, ...(beside && groups.length > 0 ? ledgerOf(groups[0]!) : [])] : [];
  const groupSteps = beside ? groups.length : groups.reduce((n, group) => n + (group.some((r) => r.status === 'posted') ? 2 : 1), 0);
  const endStep = startStep + 1 + inChunks(puts, PUTS_PER_STEP).length + groupSteps;
  return { records, posted, periods, setAside, usage, files, balances, puts, groups, beside, ledgerOf, startStep, endStep, plannedOf: (r: ImportedJournal) => planned[r.serialNumber - serialBase]! };
}

/** Why the journal's writes (itself, its event, its ledger and balance items) cannot be built, or undefined when they can. */
function buildFault(steps: JobSteps, companyId: string, record: ImportedJournal): Unwritable | undefined {
  try {
    built(() => {
      journalOps(steps, companyId, record);
      if (record.status === 'posted') steps.work.balanceItems(companyId, [record], postingFigures, packsDays(steps));
    });
    return undefined;
  } catch (error) {
    if (error instanceof Unwritable) return error;
    throw error;
  }
}

/** Whether the job's day balance items are packed: checked under steps layout 3 or later, it numbered its steps so. */
const packsDays = (steps: JobSteps) => (steps.job.progress.layout ?? 1) >= 3;

/** The end: the counts of the start taken back. */
function endOps(work: ImportWork, companyId: string, periods: Map<string, string>): Change[] {
  return [...[...periods.keys()].map((periodId) => work.periodPostingsChange(companyId, periodId, -1)), work.jobUnderWayChange(companyId, -1)];
}

/** The journal as written: a draft (submitted when the policy holds it), or born posted (version 1, as a reversing journal is) on the import's own balance items. */
function recordOf(work: ImportWork, p: PlannedJournal, serialNumber: number, serialBase: number, now: string, job: { id: string; createdBy: ActorRef }): ImportedJournal {
  const journal = journalRecordOf(work, p, serialNumber, serialBase, now, job);
  return p.attachments?.length ? Object.assign(journal, { attachments: p.attachments }) : journal;
}

function journalRecordOf(work: ImportWork, p: PlannedJournal, serialNumber: number, serialBase: number, now: string, job: { id: string; createdBy: ActorRef }): DraftJournal | SubmittedJournal | PostedJournal {
  const draft: DraftJournal = {
    id: p.id,
    serialNumber,
    date: p.date,
    calendarDate: p.calendarDate,
    description: p.description,
    reference: p.reference,
    entries: p.entries,
    ...(p.amountsIncludeTax !== undefined ? { amountsIncludeTax: p.amountsIncludeTax } : {}),
    ...(p.openingOf ? { openingOf: p.openingOf } : {}),
    status: 'draft',
    version: 1,
    createdAt: now,
    updatedAt: now,
    // Written by the import, in the name of who created it.
    importId: job.id,
    createdBy: job.createdBy,
    editedBy: job.createdBy,
    updatedBy: job.createdBy,
  };
  // A draft the policy holds asks its approval at once, in the importer's name.
  if (p.asksApproval) return { ...draft, status: 'submitted', submittedBy: job.createdBy, submittedAt: now, approvals: [] };
  if (!p.posting) return draft;
  return work.importedPosting({ ...draft, ...p.posting, status: 'posted', postedBy: job.createdBy, postedAt: now }, serialBase);
}

/**
 * A journal and its event: JournalCreated for a draft (or submitted one), JournalPosted for a
 * journal born posted; and the files it takes, each with AttachmentAttached (its record as the
 * journal now holds it). The journal is new or its batch was written whole before (AlreadyWritten).
 */
function journalOps(steps: JobSteps, companyId: string, record: ImportedJournal): Change[] {
  const { attachments, ...journal } = record;
  const ops = [steps.work.newJournalChange(companyId, journal, () => new AlreadyWritten()), steps.eventOp(journal.status === 'posted' ? 'JournalPosted' : 'JournalCreated', journalView(journal))];
  if (!attachments?.length) return ops;
  // Attached before by this job (its batch written), or (never by a request: only imports attach, one job at a time) by another journal since the check: the run is retried, and its check then names the file's row.
  const attachedElsewhere = (journalId: string) => (journalId === journal.id ? new AlreadyWritten() : new VersionConflict());
  const attached = attachments.map((a) => attachedRecord(a, journal.id));
  return [...ops, ...steps.work.attachChanges(companyId, attached, attachedElsewhere), ...attached.map((a) => steps.eventOp('AttachmentAttached', attachmentView(a)))];
}

/** The files' objects locked until the dates their journals ask (a few requests at once). */
async function lockFiles(work: ImportWork, files: readonly PlannedAttachment[]): Promise<void> {
  for (const some of inChunks(files, LOCKS_AT_ONCE)) await Promise.all(some.map((f) => work.lockAttachment(f.record, new Date(f.retainUntil))));
}

/** One usage item per account or cost center and group of journals, naming the journals of the group that name it. */
function usageItems(work: ImportWork, companyId: string, importId: string, planned: readonly PlannedJournal[]): StoredItem[] {
  return inChunks(planned, USAGE_GROUP).flatMap((group, g) => {
    const groupId = importedId(importId, `usage ${g}`);
    const naming = (pick: (l: PlannedJournal['entries'][number]) => string | null) => {
      const byNode = new Map<string, string[]>();
      for (const journal of group) {
        for (const id of new Set(journal.entries.map(pick).filter((n): n is string => n !== null))) {
          const ids = byNode.get(id);
          if (ids) ids.push(journal.id);
          else byNode.set(id, [journal.id]);
        }
      }
      return byNode;
    };
    return [
      ...[...naming((l) => l.accountId)].map(([nodeId, ids]) => work.usageItem('accounts', companyId, nodeId, groupId, ids, importId)),
      ...[...naming((l) => l.costCenterId)].map(([nodeId, ids]) => work.usageItem('costCenters', companyId, nodeId, groupId, ids, importId)),
    ];
  });
}

/** Errors: ImportRefused naming the first row of a journal that names an account or cost center deleted, or no longer usable, since the check. */
async function checkStillUsable(work: ImportWork, companyId: string, planned: readonly PlannedJournal[]): Promise<void> {
  const accountIds = [...new Set(planned.flatMap((j) => j.entries.map((l) => l.accountId)))];
  const centerIds = [...new Set(planned.flatMap((j) => j.entries.flatMap((l) => (l.costCenterId ? [l.costCenterId] : []))))];
  const [badAccounts, badCenters] = await Promise.all([
    work.unusableNodes('accounts', companyId, accountIds),
    work.unusableNodes('costCenters', companyId, centerIds),
  ]);
  const bad = new Set([...badAccounts, ...badCenters]);
  if (bad.size === 0) return;
  const journal = planned.find((j) => j.entries.some((l) => bad.has(l.accountId) || (l.costCenterId !== null && bad.has(l.costCenterId))))!;
  const onAccount = journal.entries.some((l) => bad.has(l.accountId));
  throw new ImportRefused({ row: journal.rows[0]!, field: onAccount ? 'accountPath' : 'costCenterPath', reason: `names ${onAccount ? 'an account' : 'a cost center'} deleted, changed or being deleted since the import was checked; nothing was written: import again`, code: 'BooksChanged' });
}

/** Every period posted into is open (one check per year) and counted; the import is a job under way. */
function startOps(work: ImportWork, companyId: string, periods: Map<string, string>, planned: readonly PlannedJournal[]): Change[] {
  const byYear = new Map<string, string[]>();
  for (const [periodId, yearId] of periods) byYear.set(yearId, [...(byYear.get(yearId) ?? []), periodId]);
  if (byYear.size + periods.size + 2 > work.transactionLimit) {
    throw new ImportRefused({ row: planned[0]!.rows[0]!, field: 'postingDate', reason: `the journals post into ${periods.size} periods of ${byYear.size} years; an import posts into at most ${work.transactionLimit - 2 - byYear.size} (split the file by year)`, code: 'TooManyPeriods' });
  }
  return [
    ...[...byYear].map(([yearId, periodIds]) => work.periodsOpenCheck(companyId, yearId, periodIds)),
    ...[...periods.keys()].map((periodId) => work.periodPostingsChange(companyId, periodId, 1)),
    work.jobUnderWayChange(companyId, 1),
  ];
}
