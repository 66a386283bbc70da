import type { AccountAttributes } from '../../accounts/records.ts';
import type { CostCenterAttributes } from '../../cost-centers/records.ts';
import type { JournalExportReads } from '../../reports/store.ts';
import { allYears } from '../capacity/year-hint.ts';
import { allNodes } from './nodes/node-reads.ts';
import { getSettings } from './settings-store.ts';

/**
 * What a journals export reads of the books besides the journals (reports/store.ts): the chart,
 * the years, and the cost centers' paths. A module of its own, loaded on the export's path only.
 */
export const journalExportReads: JournalExportReads = {
  settings: getSettings,
  accounts: (companyId) => allNodes<AccountAttributes>('ACCOUNT', companyId),
  years: allYears,
  costCenters: { all: (companyId) => allNodes<CostCenterAttributes>('COST_CENTER', companyId) },
};
