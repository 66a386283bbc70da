import type { AccountAttributes } from '../../accounts/records.ts';
import type { CostCenterAttributes } from '../../cost-centers/records.ts';
import type { JournalExporting } from '../../journals/store.ts';
import { allJournals } from '../ledger/journal-queries.ts';
import { streamWithEntryNumbers } from '../ledger/entry-number-reads.ts';
import { filterNodes } from './journal-list-ports.ts';
import { allYears } from '../capacity/year-hint.ts';
import { allNodes } from './nodes/node-reads.ts';
import { getSettings } from './settings-store.ts';

/**
 * What a journals export reads (journals/store.ts JournalExporting): every journal the filters
 * select (each with its entry number), the chart, the years, and the nodes the filters and the cost centers' paths name. A
 * module of its own, loaded on the export's path only.
 */
export const journalExporting: JournalExporting = {
  all: (companyId, filters) => streamWithEntryNumbers(companyId, allJournals(companyId, filters)),
  settings: getSettings,
  accounts: (companyId) => allNodes<AccountAttributes>('ACCOUNT', companyId),
  years: allYears,
  costCenters: { all: (companyId) => allNodes<CostCenterAttributes>('COST_CENTER', companyId) },
  filterNodes,
};
