import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ActorRef } from '../auth/actor.ts';
import { config } from '../config.ts';
import { NotFound, StateConflict, VersionConflict, type AppError } from '../errors.ts';
import { db } from './client.ts';
import type { Line } from '../journals/rules.ts';
import { keys } from './keys.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from './table-ops.ts';
import type { WriteOp } from './transact.ts';

/**
 * Storage of journals. A journal item carries its lines (at most 100, so well under the item
 * size limit). Serial numbers come from a per-company counter, drawn by one atomic increment
 * before the journal's transaction (drawSerial).
 */
interface JournalFields {
  id: string;
  serialNumber: number;
  date: string;
  calendarDate: string;
  description?: string | undefined;
  reference?: string | undefined;
  entries: Line[];
  /** Set on a reversing journal: the journal it reverses. */
  reversalOf?: string | undefined;
  /** Set by GenerateClosingJournal only: the financial year this journal closes. */
  closingOf?: string | undefined;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Where a posting went: every posted (or reversed) journal has all of it. */
export interface Posting {
  postingDate: string;
  financialYearId: string;
  periodId: string;
  /** The balance shard its amounts were added to, so voiding takes them off the same items. */
  balanceShard: number;
}

export type DraftJournal = JournalFields & { status: 'draft' };
export type PostedJournal = JournalFields & Posting & { status: 'posted' };
export type ReversedJournal = JournalFields & Posting & { status: 'reversed'; reversedBy: string };
/**
 * A posting too wide for one transaction, under way (shared/journals/wide-posting.ts): Post
 * (status `posting`), or Void or Adjust taking it back (status `unposting`), applied in chunks;
 * `next` is the first chunk not yet applied.
 */
export interface PostingJob {
  action: 'Post' | 'Void' | 'Adjust';
  next: number;
  /** The version the request that started it was based on: its retry resumes the job. */
  fromVersion: number;
  /** Who started it: named by the event recovery records when it finishes the job (absent on jobs of older versions). */
  actor?: ActorRef;
}
export type InProgressJournal = JournalFields & Posting & { status: 'posting' | 'unposting'; job: PostingJob };
/** A voided draft never had a posting; a voided posted journal keeps its own. */
export type VoidedJournal = JournalFields & Partial<Posting> & { status: 'voided' };

/** A journal typed by its state: the state decides which fields exist. */
export type JournalRecord = DraftJournal | InProgressJournal | PostedJournal | ReversedJournal | VoidedJournal;

/** Every field any state of a journal may hold; the item's `status` says which it holds. */
const RECORD_FIELDS: Array<keyof ReversedJournal | keyof InProgressJournal> = [
  'id', 'serialNumber', 'date', 'calendarDate', 'description', 'reference', 'entries', 'status', 'postingDate',
  'financialYearId', 'periodId', 'balanceShard', 'reversalOf', 'closingOf', 'reversedBy', 'job', 'version', 'createdAt', 'updatedAt',
];

export function journalFromItem(item: Item): JournalRecord {
  // Stored journals were written whole by this module, so their status matches their fields.
  return recordOf<ReversedJournal & Pick<InProgressJournal, 'job'>>(item, RECORD_FIELDS) as unknown as JournalRecord;
}

export async function getJournal(companyId: string, journalId: string): Promise<JournalRecord | undefined> {
  const item = await getItem(keys.journal(companyId, journalId), { consistent: true });
  return item && journalFromItem(item);
}

/** Errors: NotFound. */
export async function mustGetJournal(companyId: string, journalId: string): Promise<JournalRecord> {
  return (await getJournal(companyId, journalId)) ?? NotFound.throw('The journal');
}

/**
 * Draws the company's next serial number: one atomic increment of its counter, which never
 * conflicts and never hands out a number twice. A number drawn by a create that then fails is
 * not reused (docs/decisions.md, serialNumber).
 */
export async function drawSerial(companyId: string): Promise<number> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.journalCounter(companyId),
      UpdateExpression: 'ADD #value :one SET entity = :entity',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':one': 1, ':entity': 'Counter' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Attributes!.value as number;
}

/** The company has never had a journal (its serial counter was never advanced). */
export function noJournalsYetOp(companyId: string, error: () => AppError): WriteOp {
  return mainTable.check(keys.journalCounter(companyId), conditions.absent, error);
}

function journalItem(companyId: string, journal: JournalRecord): Item {
  return {
    ...keys.journal(companyId, journal.id),
    ...keys.journalByDate(companyId, journal.calendarDate, new Date(journal.date).toISOString(), journal.id),
    ...keys.journalBySerial(companyId, journal.serialNumber, journal.id),
    entity: 'Journal',
    ...journal,
    searchText: [journal.serialNumber, journal.description, journal.reference].filter(Boolean).join(' ').toLowerCase(),
  };
}

export function putNewJournalOp(companyId: string, journal: JournalRecord): WriteOp {
  return mainTable.put(journalItem(companyId, journal), { condition: conditions.absent });
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
