import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import { NotFound, StateConflict, VersionConflict, type AppError } from '../errors.ts';
import { batchGetItems } from './batch-get.ts';
import { db } from './client.ts';
import type { DraftJournal, InProgressJournal, JournalRecord, ReversedJournal } from '../journals/records.ts';
import { keys } from './keys.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from './table-ops.ts';
import type { WriteOp } from './transact.ts';

/**
 * Storage of journals (the records are typed in shared/journals/records.ts). A journal item
 * carries its lines (at most MAX_LINES, well under the 400 KB item limit). Serial numbers come
 * from a per-company counter, drawn by one atomic increment before the journal's transaction
 * (drawSerial), and given back by a request refused after drawing one (giveBackSerial).
 */

/** Every field any state of a journal may hold; the item's `status` says which it holds. */
const RECORD_FIELDS: Array<keyof ReversedJournal | keyof InProgressJournal> = [
  'id', 'serialNumber', 'date', 'calendarDate', 'description', 'reference', 'entries', 'status', 'postingDate',
  'financialYearId', 'periodId', 'balanceShard', 'reversalOf', 'closingOf', 'revaluationDate', 'openingOf', 'reversedBy', 'job', 'version', 'createdAt', 'updatedAt',
];

export function journalFromItem(item: Item): JournalRecord {
  // Stored journals were written whole by this module, so their status matches their fields.
  return recordOf<ReversedJournal & Pick<InProgressJournal, 'job'>>(item, RECORD_FIELDS) as unknown as JournalRecord;
}

export async function getJournal(companyId: string, journalId: string): Promise<JournalRecord | undefined> {
  const item = await getItem(keys.journal(companyId, journalId), { consistent: true });
  return item && journalFromItem(item);
}

/** Many journals by id (strongly consistent, batches of 100 read at once, only the record's fields: not its index keys); missing ones are left out. */
export async function getJournals(companyId: string, journalIds: readonly string[]): Promise<JournalRecord[]> {
  const batches = [];
  for (let i = 0; i < journalIds.length; i += 100) batches.push(batchGetItems(journalIds.slice(i, i + 100).map((id) => keys.journal(companyId, id)), { consistent: true, attributes: RECORD_FIELDS }));
  return (await Promise.all(batches)).flat().map(journalFromItem);
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

/**
 * Gives back the number drawSerial answered, to a request refused after drawing it, unless a
 * later number was drawn meanwhile (then it stays a gap). The first number given back removes
 * the counter, so a company whose every create was refused still has never had a journal
 * (noJournalsYetOp). Errors: none of its own (a lost race is not one); the database's.
 */
export async function giveBackSerial(companyId: string, serial: number): Promise<void> {
  const key = keys.journalCounter(companyId);
  const drawnLast = { ConditionExpression: '#value = :drawn', ExpressionAttributeNames: { '#value': 'value' } };
  try {
    await db().send(
      serial === 1
        ? new DeleteCommand({ TableName: config.tableName, Key: key, ...drawnLast, ExpressionAttributeValues: { ':drawn': serial } })
        : new UpdateCommand({ TableName: config.tableName, Key: key, UpdateExpression: 'ADD #value :back', ...drawnLast, ExpressionAttributeValues: { ':drawn': serial, ':back': -1 } }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * Draws `count` consecutive serial numbers at once (one increment, like drawSerial) and answers
 * the first: a bulk import numbers its journals from it.
 */
export async function drawSerials(companyId: string, count: number): Promise<number> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.journalCounter(companyId),
      UpdateExpression: 'ADD #value :count SET entity = :entity',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':count': count, ':entity': 'Counter' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return (Attributes!.value as number) - count + 1;
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
