import type { UnitOfWork } from '../../unit-of-work.ts';
import { NotFound } from '../../errors.ts';
import { batchGetItems } from '../table/batch-get.ts';
import type { InProgressJournal, JournalRecord, ReversedJournal } from '../../journals/records.ts';
import * as keys from '../table/keys.ts';
import { getItem, recordOf, type Item } from '../table/table-ops.ts';
import { replaceJournalOp } from './journal-items.ts';
import type { Placement } from './placement.ts';

/**
 * Storage of journals (the records are typed in shared/journals/records.ts): reading them, and a
 * state change that leaves the balances as they are. Their items are written by journal-items.ts,
 * their serial numbers drawn by journal-serials.ts, a wide posting's progress kept by wide-posting.ts.
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

/** A journal's new state that leaves the balances as they are, committed with the response. */
export function savedJournal<T>(uow: UnitOfWork, companyId: string, before: JournalRecord, after: JournalRecord, response: T): Promise<T> {
  return uow.commit([replaceJournalOp(companyId, before, after)], response);
}
