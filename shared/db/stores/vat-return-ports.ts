import type { VatReturnFiling } from '../../vat-returns/store.ts';
import { allYears } from '../capacity/year-hint.ts';
import { eventHead } from '../events/event-store.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { sumsThrough } from '../ledger/balance-reads.ts';
import { bookChangesPage } from './book-change-store.ts';
import { jobsState } from './job-store.ts';
import { accounts } from './report-node-ports.ts';
import { getSettings } from './settings-store.ts';
import { fileReturnOps, filedReturns } from './vat-return-store.ts';

/** Filing a VAT return (vat-returns/store.ts): the return's reads, the chain's head it records, its keeping. */
export const vatReturnFiling: VatReturnFiling = {
  jobsState,
  settings: getSettings,
  accounts,
  years: allYears,
  sums: sumsThrough,
  filedReturns,
  sequence: sequenceEvents,
  chainHead: eventHead,
  fileChanges: fileReturnOps,
  changesPage: bookChangesPage,
};
