import type { FtaAuditFileReads } from '../../reports/store.ts';
import { allYears } from '../capacity/year-hint.ts';
import { sumsThrough } from '../ledger/balance-reads.ts';
import { mergedLedgerLines } from '../ledger/merged-ledger-stream.ts';
import { taxLedgerStream } from '../ledger/tax-ledger.ts';
import { getCompany } from './company-store.ts';
import { getCounterparties } from './counterparty-store.ts';
import { jobsState } from './job-store.ts';
import { accounts } from './report-node-ports.ts';
import { getSettings } from './settings-store.ts';

/**
 * The FTA audit file's port (reports/store.ts): apart from report-ports.ts, so the other reports
 * load neither the counterparties' nor the company's storage.
 */
export const ftaAuditFileReads: FtaAuditFileReads = {
  jobsState,
  settings: getSettings,
  accounts,
  years: allYears,
  sums: sumsThrough,
  companyName: async (companyId) => (await getCompany(companyId))?.name,
  taxLedger: (companyId, range) => taxLedgerStream(companyId, range),
  counterparties: getCounterparties,
  mergedLines: (companyId, accountIds, range, keep, before) => mergedLedgerLines(companyId, accountIds, range, keep, before),
};
