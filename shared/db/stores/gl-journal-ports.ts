import type { GlJournalReads } from '../../audit-data/store.ts';
import { allYears } from '../capacity/year-hint.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { sumsThrough } from '../ledger/balance-reads.ts';
import { journalPlaces } from '../ledger/journal-places.ts';
import { getJournals } from '../ledger/journal-store.ts';
import { withEntryNumbers } from '../ledger/entry-number-reads.ts';
import { decodeCursor, encodeCursor } from '../table/cursor.ts';
import { jobsState } from './job-store.ts';
import { accounts } from './report-node-ports.ts';
import { getSettings } from './settings-store.ts';

/** The auditors' journals' port (audit-data/store.ts): the report books, the ledgers' places, journals by id, the cursor. */
export const glJournalReads: GlJournalReads = {
  jobsState,
  sequence: sequenceEvents,
  settings: getSettings,
  accounts,
  years: allYears,
  sums: sumsThrough,
  journalPlaces,
  journals: async (companyId, journalIds) => withEntryNumbers(companyId, await getJournals(companyId, journalIds)),
  encodePlace: encodeCursor,
  decodePlace: decodeCursor,
};
