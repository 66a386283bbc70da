import type { ReportCreating } from '../../reports/store.ts';
import { allYears } from '../capacity/year-hint.ts';
import { eventHead } from '../events/event-store.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { sumsThrough } from '../ledger/balance-reads.ts';
import { getJournal } from '../ledger/journal-store.ts';
import { jobsState } from './job-store.ts';
import { loadKnownAtReads } from './known-at-loader.ts';
import { accounts, costCenters } from './report-node-ports.ts';
import { putReportOps } from './report-store.ts';
import { getSettings } from './settings-store.ts';

/**
 * A stored report's port (reports/store.ts): the reads of any of its kinds, the chain's head the
 * snapshot records (the sequencer numbers what is pending first), the snapshot stored. Apart from
 * the other reports' ports, so their functions load no sequencer.
 */
export const reportCreating: ReportCreating = {
  jobsState,
  knownAtReads: loadKnownAtReads,
  settings: getSettings,
  accounts,
  years: allYears,
  sums: sumsThrough,
  journal: getJournal,
  costCenters,
  putChanges: putReportOps,
  sequence: sequenceEvents,
  chainHead: eventHead,
};
