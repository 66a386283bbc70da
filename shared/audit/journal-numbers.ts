import type { ResponseOf } from '../schemas/responses.ts';
import { numberPending } from '../events/numbering-rules.ts';
import type { EventNumbering } from '../events/store.ts';
import { numberRun } from './journal-number-rules.ts';

/** The gap test as answered. */
export type JournalNumbersView = ResponseOf<'AuditJournalNumbersResponse'>;

/** What the gap test reads (db/stores/journal-number-ports.ts). */
export interface JournalNumberReads extends EventNumbering {
  /** How many entry numbers the sequencer has given (the run is 1 to it; each is written before it counts). */
  entryCount(companyId: string): Promise<number>;
  /** Every entry number the company's journals hold, in any order. */
  entryNumbers(companyId: string): AsyncIterable<number>;
}

/**
 * The gap test of the journals' entry numbers (docs/decisions.md, Journals, "Entry numbers"):
 * after numbering every event committed before the request (so every journal on the books has
 * its number), the run 1..count against the numbers the journals hold: gaps (numbers no journal
 * holds) and repeats (numbers two journals hold). Always complete unless the table was changed
 * outside the service. Reads every journal's number: linear in the company's journals.
 * Errors: none of its own.
 */
export async function journalNumbers(reads: JournalNumberReads, companyId: string): Promise<JournalNumbersView> {
  await numberPending(reads, companyId);
  const count = await reads.entryCount(companyId);
  const found: number[] = [];
  for await (const n of reads.entryNumbers(companyId)) found.push(n);
  const run = numberRun(count, found);
  return {
    count: run.count,
    first: run.count > 0 ? 1 : null,
    last: run.count > 0 ? run.count : null,
    found: run.found,
    missing: run.missing,
    gaps: run.gaps,
    repeated: run.repeated,
    complete: run.missing === 0 && run.repeated.length === 0,
  };
}
