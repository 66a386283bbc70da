import type { BookChange } from './book-changes.ts';

/**
 * Entry numbers (docs/decisions.md, Journals, "Entry numbers"), pure: the company's journals
 * numbered 1, 2, 3... without a gap, in the order the sequencer numbers the events that put them
 * on the books. A journal takes its number with its first book change (its posting, the posting
 * of a reversing journal or a revaluation's pair, or the void or Adjust of a journal posted
 * before numbers were kept) and keeps it for good: a void, an Adjust and a posting again take
 * none.
 */

/** A journal's number, and the event that gave it. */
export interface EntryNumber {
  journalId: string;
  entryNumber: number;
  sequence: number;
}

/**
 * The numbers a batch's book changes (oldest first) give: from `entries` + 1 on, to each journal
 * not in `numbered` (those holding one already), once. Returns them and the count after.
 */
export function entryNumbersOf(changes: readonly Pick<BookChange, 'journalId' | 'sequence'>[], numbered: ReadonlySet<string>, entries: number): { assigned: EntryNumber[]; entries: number } {
  const assigned: EntryNumber[] = [];
  const taken = new Set(numbered);
  let count = entries;
  for (const change of changes) {
    if (taken.has(change.journalId)) continue;
    taken.add(change.journalId);
    assigned.push({ journalId: change.journalId, entryNumber: ++count, sequence: change.sequence });
  }
  return { assigned, entries: count };
}

/** What numbering reads: which of these journals hold a number already (strongly consistent). */
export interface EntryNumberReads {
  numberedJournals(companyId: string, journalIds: readonly string[]): Promise<Set<string>>;
}

/** The numbers a numbered batch's book changes give, after reading which of their journals have one. */
export async function entryNumbers(reads: EntryNumberReads, companyId: string, entries: number, changes: readonly BookChange[]): Promise<{ assigned: EntryNumber[]; entries: number }> {
  if (changes.length === 0) return { assigned: [], entries };
  const numbered = await reads.numberedJournals(companyId, [...new Set(changes.map((c) => c.journalId))]);
  return entryNumbersOf(changes, numbered, entries);
}

/**
 * A journal's number as the audit files give it (SAF-T's TransactionID, the Audit Data API's
 * journalId): its entry number; a journal posted before entry numbers were kept and never
 * numbered since, its serial number after `S` (the two never meet).
 */
export const journalNumberText = (j: { entryNumber?: number | undefined; serialNumber: number }): string => (j.entryNumber !== undefined ? String(j.entryNumber) : `S${j.serialNumber}`);
