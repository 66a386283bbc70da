import type { UnitOfWork } from '../../unit-of-work.ts';
import { NotFound, StateConflict, VersionConflict, type AppError } from '../../errors.ts';
import { batchGetItems } from '../table/batch-get.ts';
import type { DraftJournal, InProgressJournal, JournalRecord, ReversedJournal } from '../../journals/records.ts';
import * as keys from '../table/keys.ts';
import { advanceCounter, drawFromBlock, giveBackToBlock } from '../capacity/serial-draw.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import { withoutPlacement, type Placement } from './placement.ts';

/**
 * Storage of journals (the records are typed in shared/journals/records.ts). A journal item
 * carries its lines (at most MAX_LINES, well under the 400 KB item limit). Serial numbers come
 * from a per-company counter, drawn in blocks before the journal's transaction (drawSerial), and
 * given back to the block by a request refused after drawing one (giveBackSerial).
 */

/** Every field any state of a journal may hold; the item's `status` says which it holds. */
const RECORD_FIELDS: Array<keyof ReversedJournal | keyof InProgressJournal | keyof Placement> = [
  'id', 'serialNumber', 'date', 'calendarDate', 'description', 'reference', 'entries', 'amountsIncludeTax', 'status', 'postingDate',
  'financialYearId', 'periodId', 'balanceShard', 'balanceLane', 'reversalOf', 'closingOf', 'revaluationDate', 'openingOf', 'reversedBy', 'job', 'version', 'createdAt', 'updatedAt',
  'importId', 'createdBy', 'editedBy', 'updatedBy', 'postedBy', 'postedAt', 'voidedBy', 'voidedAt', 'submittedBy', 'submittedAt', 'approvals', 'rejection', 'approvalPolicyVersion', 'authorsFromHistory',
];

export function journalFromItem(item: Item): JournalRecord {
  // Stored journals were written whole by this module, so their status matches their fields; a
  // posting's placement comes along, unnamed by the record's type (placement.ts).
  return recordOf<ReversedJournal & Pick<InProgressJournal, 'job'> & Placement>(item, RECORD_FIELDS) as unknown as JournalRecord;
}

export async function getJournal(companyId: string, journalId: string): Promise<JournalRecord | undefined> {
  const item = await getItem(keys.journal(companyId, journalId), { consistent: true });
  return item && journalFromItem(item);
}

/** Many journals by id (strongly consistent, only the record's fields: not its index keys); missing ones are left out. */
export async function getJournals(companyId: string, journalIds: readonly string[]): Promise<JournalRecord[]> {
  return (await batchGetItems(journalIds.map((id) => keys.journal(companyId, id)), { consistent: true, attributes: RECORD_FIELDS })).map(journalFromItem);
}

/** Which of these journals exist (strongly consistent, reading only their ids). */
export async function existingJournalIds(companyId: string, journalIds: readonly string[]): Promise<Set<string>> {
  return new Set((await batchGetItems(journalIds.map((id) => keys.journal(companyId, id)), { consistent: true, attributes: ['id'] })).map((item) => String(item.id)));
}

/** Errors: NotFound. */
export async function mustGetJournal(companyId: string, journalId: string): Promise<JournalRecord> {
  return (await getJournal(companyId, journalId)) ?? NotFound.throw('The journal');
}

/**
 * Draws the company's next serial number, from this instance's block (serial-draw.ts): no two
 * draws anywhere get one number. A number drawn by a create that then fails, or left in a block
 * its instance drops, is not reused (docs/decisions.md, serialNumber).
 */
export function drawSerial(companyId: string): Promise<number> {
  return drawFromBlock(companyId);
}

/**
 * Gives back the number drawSerial answered, to a request refused after drawing it: to this
 * instance's block, when no later number of it was handed out meanwhile (then it stays a gap).
 */
export function giveBackSerial(companyId: string, serial: number): void {
  giveBackToBlock(companyId, serial);
}

/**
 * Draws `count` consecutive serial numbers at once (one increment of the counter) and answers
 * the first: a bulk import numbers its journals from it.
 */
export async function drawSerials(companyId: string, count: number): Promise<number> {
  return (await advanceCounter(companyId, count)) - count + 1;
}

/** The company has never had a journal (its serial counter was never advanced). */
export function noJournalsYetOp(companyId: string, error: () => AppError): WriteOp {
  return mainTable.check(keys.journalCounter(companyId), conditions.absent, error);
}

function journalItem(companyId: string, record: JournalRecord): Item {
  // The service's write is digested whole by its event: fields filled from history are marked no more.
  const { authorsFromHistory: _filled, ...written } = record;
  // A journal holding no posting (a draft, submitted, approved, or a voided draft) keeps no placement.
  const journal = 'periodId' in written && written.periodId !== undefined ? written : withoutPlacement(written);
  return {
    ...keys.journal(companyId, journal.id),
    ...keys.journalByDate(companyId, journal.calendarDate, new Date(journal.date).toISOString(), journal.id),
    ...keys.journalBySerial(companyId, journal.serialNumber, journal.id),
    entity: 'Journal',
    ...journal,
    searchText: [journal.serialNumber, journal.description, journal.reference].filter(Boolean).join(' ').toLowerCase(),
  };
}

/** Writes a new journal; `ifWritten` is the error when it exists already (by default, a version conflict). */
export function putNewJournalOp(companyId: string, journal: JournalRecord, ifWritten?: () => AppError): WriteOp {
  return mainTable.put(journalItem(companyId, journal), { condition: conditions.absent, ...(ifWritten ? { onConditionFailed: ifWritten } : {}) });
}

/** A journal's new state that leaves the balances as they are, committed with the response. */
export function savedJournal<T>(uow: UnitOfWork, companyId: string, before: JournalRecord, after: JournalRecord, response: T): Promise<T> {
  return uow.commit([replaceJournalOp(companyId, before, after)], response);
}

/** Replaces a journal, conditionally on the version and status it was read with. */
export function replaceJournalOp(companyId: string, before: JournalRecord, after: JournalRecord): WriteOp {
  return mainTable.put(journalItem(companyId, after), {
    condition: conditions.all(conditions.atVersion(before.version), { expression: '#status = :status', names: { '#status': 'status' }, values: { ':status': before.status } }),
    onConditionFailed: () => new VersionConflict(),
  });
}

/** Raised when a job's chunk was applied by another request first; the caller reads the journal again. */
export class JobAdvanced extends StateConflict {
  constructor() {
    super('PostingInProgress', 'Another request is applying this posting; retry.');
  }
}

/** Records that chunk `chunk` of the job is applied, unless another request recorded it first (JobAdvanced). */
export function advanceJobOp(companyId: string, journal: InProgressJournal, chunk: number): WriteOp {
  return mainTable.update(
    keys.journal(companyId, journal.id),
    { expression: 'SET #job.#next = :next', names: { '#job': 'job', '#next': 'next' }, values: { ':next': chunk + 1 } },
    {
      condition: { expression: '#status = :status AND #job.#next = :chunk', names: { '#status': 'status', '#job': 'job', '#next': 'next' }, values: { ':status': journal.status, ':chunk': chunk } },
      onConditionFailed: () => new JobAdvanced(),
    },
  );
}
