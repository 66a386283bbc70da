import type { JournalNumberReads } from '../../audit/journal-numbers.ts';
import { eventHead } from '../events/event-store.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { allEntryNumbers } from '../ledger/entry-number-reads.ts';

/** The gap test's port (audit/journal-numbers.ts): the sequencer, its count of entry numbers, every number the journals hold. */
export const journalNumberReads: JournalNumberReads = {
  sequence: sequenceEvents,
  entryCount: async (companyId) => (await eventHead(companyId)).entries,
  entryNumbers: allEntryNumbers,
};
