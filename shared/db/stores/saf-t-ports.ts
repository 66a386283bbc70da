import type { CostCenterAttributes } from '../../cost-centers/records.ts';
import type { SafTReads } from '../../saf-t/store.ts';
import { allYears } from '../capacity/year-hint.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { sumsThrough } from '../ledger/balance-reads.ts';
import { getJournals } from '../ledger/journal-store.ts';
import { withEntryNumbers } from '../ledger/entry-number-reads.ts';
import { mergedLedgerLines } from '../ledger/merged-ledger-stream.ts';
import { getCompany } from './company-store.ts';
import { getCounterparties } from './counterparty-store.ts';
import { jobsState } from './job-store.ts';
import { allNodes } from './nodes/node-reads.ts';
import { accounts } from './report-node-ports.ts';
import { getSettings } from './settings-store.ts';
import { getTaxCodes } from './tax-code-store.ts';

/** The SAF-T export's port (saf-t/store.ts): the report reads, the accounts' ledgers, journals, counterparties, tax codes and cost centers by id. */
export const safTReads: SafTReads = {
  jobsState,
  sequence: sequenceEvents,
  settings: getSettings,
  accounts,
  years: allYears,
  sums: sumsThrough,
  companyName: async (companyId) => (await getCompany(companyId))?.name,
  mergedLines: (companyId, accountIds, range, keep, before) => mergedLedgerLines(companyId, accountIds, range, keep, before),
  journals: async (companyId, journalIds) => withEntryNumbers(companyId, await getJournals(companyId, journalIds)),
  counterparties: getCounterparties,
  taxCodes: getTaxCodes,
  costCenters: (companyId) => allNodes<CostCenterAttributes>('COST_CENTER', companyId),
};
