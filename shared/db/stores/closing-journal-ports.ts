import type { ClosingJournalWriting } from '../../financial-years/store.ts';
import { sumThrough } from '../ledger/balance-reads.ts';
import { allYears } from '../capacity/year-hint.ts';
import { putNewJournalOp } from '../ledger/journal-items.ts';
import { drawSerial } from '../ledger/journal-serials.ts';
import { getJournal } from '../ledger/journal-store.ts';
import { referenceOps } from '../ledger/reference-changes.ts';
import { getSettings } from './settings-store.ts';
import { jobsState } from './job-store.ts';
import { accountNodes } from './nodes/kind-stores.ts';
import { mustGetYear, setClosingJournalOp } from './year-store.ts';

/** Generating a year's closing journal (financial-years/store.ts): apart from the other year ports, as it carries the journals' writes. */
export const closingJournalWriting: ClosingJournalWriting = {
  get: mustGetYear,
  settings: getSettings,
  journal: getJournal,
  accounts: accountNodes,
  years: allYears,
  sums: sumThrough,
  jobsState,
  drawSerial,
  draftChanges: (companyId, journal, year, referenced) => [putNewJournalOp(companyId, journal), setClosingJournalOp(companyId, year, journal.id), ...referenceOps(companyId, journal.id, referenced, [])],
};
