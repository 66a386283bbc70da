import type { GlJournalReads } from '../../audit-data/store.ts';
import { allYears } from '../capacity/year-hint.ts';
import { sumThrough } from '../ledger/balance-reads.ts';
import { journalPlaces } from '../ledger/journal-places.ts';
import { getJournals } from '../ledger/journal-store.ts';
import { decodeCursor, encodeCursor } from '../table/cursor.ts';
import { jobsState } from './job-store.ts';
import { accounts } from './report-node-ports.ts';
import { getSettings } from './settings-store.ts';

/** The auditors' journals' port (audit-data/store.ts): the report books, the ledgers' places, journals by id, the cursor. */
export const glJournalReads: GlJournalReads = {
  jobsState,
  settings: getSettings,
  accounts,
  years: allYears,
  sums: sumThrough,
  journalPlaces,
  journals: getJournals,
  encodePlace: encodeCursor,
  decodePlace: decodeCursor,
};
