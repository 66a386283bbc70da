import { config } from '../../config.ts';
import type { JournalRecord } from '../../journals/records.ts';
import { batchGetItems } from '../table/batch-get.ts';
import * as keys from '../table/keys.ts';
import { onlyAttributes, withPrefix } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import type { Item } from '../table/table-ops.ts';
import { mustGetJournal } from './journal-store.ts';

/**
 * Reads of the journals' entry numbers (audit/entry-numbers.ts), kept beside each journal
 * (keys.journalEntryNumber) by the sequencer: which journals have one, a journal with its
 * number, the numbers of a page of journals, every number of a company.
 */

const entryNumberOf = (item: Item) => ({ journalId: String(item.journalId), entryNumber: Number(item.entryNumber) });

/** The entry numbers of these journals that have one, by journal id (strongly consistent). */
export async function entryNumbersOf(companyId: string, journalIds: readonly string[]): Promise<Map<string, number>> {
  const items = await batchGetItems([...new Set(journalIds)].map((id) => keys.journalEntryNumber(companyId, id)), { consistent: true, attributes: ['journalId', 'entryNumber'] });
  return new Map(items.map(entryNumberOf).map((e) => [e.journalId, e.entryNumber]));
}

/**
 * A journal with its entry number when it has one, both read at once (the journal's read: a
 * write reads journals without it, so neither its item nor its answer ever holds one).
 * Errors: NotFound.
 */
export async function mustGetNumberedJournal(companyId: string, journalId: string): Promise<JournalRecord> {
  const [journal, numbers] = await Promise.all([mustGetJournal(companyId, journalId), entryNumbersOf(companyId, [journalId])]);
  const entryNumber = numbers.get(journalId);
  return entryNumber === undefined ? journal : { ...journal, entryNumber };
}

/** Which of these journals have an entry number (the sequencer's read before it gives more). */
export async function numberedJournals(companyId: string, journalIds: readonly string[]): Promise<Set<string>> {
  return new Set((await entryNumbersOf(companyId, journalIds)).keys());
}

/** The journals, each with its entry number when it has one. */
export async function withEntryNumbers<J extends { id: string }>(companyId: string, journals: readonly J[]): Promise<Array<J & { entryNumber?: number }>> {
  if (journals.length === 0) return [];
  const numbers = await entryNumbersOf(companyId, journals.map((j) => j.id));
  return journals.map((j) => {
    const entryNumber = numbers.get(j.id);
    return entryNumber === undefined ? j : { ...j, entryNumber };
  });
}

/** Journals read for a file, a hundred at a time, each with its entry number when it has one. */
export async function* streamWithEntryNumbers<J extends { id: string }>(companyId: string, journals: AsyncIterable<J>): AsyncGenerator<J & { entryNumber?: number }> {
  let batch: J[] = [];
  for await (const journal of journals) {
    batch.push(journal);
    if (batch.length === 100) {
      yield* await withEntryNumbers(companyId, batch);
      batch = [];
    }
  }
  yield* await withEntryNumbers(companyId, batch);
}

/** Every entry number the company's journals hold, in no order (each key of its journals read once, side by side). */
export async function* allEntryNumbers(companyId: string): AsyncGenerator<number> {
  const reads = keys.journalPartitions(companyId).map(async (pk) => {
    const found: number[] = [];
    for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(pk, keys.journalEntryNumberPrefix), ...onlyAttributes(['entryNumber']), ConsistentRead: true })) found.push(Number(item.entryNumber));
    return found;
  });
  for (const read of reads) yield* await read;
}
