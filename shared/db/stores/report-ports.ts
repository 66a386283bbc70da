import type { AccountAttributes } from '../../accounts/records.ts';
import type { CostCenterAttributes } from '../../cost-centers/records.ts';
import type {
  BalanceSheetReads,
  VatReturnReads,
  TaxDetailReads,
  CostCenterReads,
  GeneralLedgerReads,
  TrialBalanceReads,
} from '../../reports/store.ts';
import { allYears } from '../capacity/year-hint.ts';
import { sumThrough } from '../ledger/balance-reads.ts';
import { taxLedgerRows } from '../ledger/tax-ledger.ts';
import { ledgerLines, ledgerRowsOf } from '../ledger/ledger-store.ts';
import { mergedLedgerLines } from '../ledger/merged-ledger-stream.ts';
import { decodeCursor, encodeCursor } from '../table/cursor.ts';
import { loadKnownAtReads } from './known-at-loader.ts';
import { jobsState } from './job-store.ts';
import { allNodes, ancestorChains, getNodes, resolveNode } from './nodes/node-reads.ts';
import { getSettings } from './settings-store.ts';
import { filedReturns } from './vat-return-store.ts';

/**
 * The reports' ports (reports/store.ts), one per use case (plain properties: a bundler keeps a
 * spread it cannot prove pure). Accounts and cost centers are read through the node reads
 * themselves, not the kinds' stores, whose classes carry every read (pages too) into the bundle.
 * The reports that read closing journals take theirs from report-closing-ports.ts, so the others
 * load no journal storage.
 */
export const accounts = (companyId: string) => allNodes<AccountAttributes>('ACCOUNT', companyId);

export const costCenters: CostCenterReads['costCenters'] = {
  resolve: (companyId, reference, field) => resolveNode<CostCenterAttributes>('COST_CENTER', 'The cost center', companyId, reference, field),
  chains: (companyId, nodes) => ancestorChains('COST_CENTER', 'The cost center', companyId, nodes),
  getMany: (companyId, ids) => getNodes<CostCenterAttributes>('COST_CENTER', companyId, ids),
  all: (companyId) => allNodes<CostCenterAttributes>('COST_CENTER', companyId),
};

/** The years come with the registry when a warm function knows their ids (capacity/year-hint.ts). */
export const balanceSheetReads: BalanceSheetReads = { jobsState, knownAtReads: loadKnownAtReads, settings: getSettings, accounts, years: allYears, sums: sumThrough };

export const taxDetailReads: TaxDetailReads = { jobsState, settings: getSettings, years: allYears, taxLedgerRows, encodePlace: encodeCursor, decodePlace: decodeCursor };

export const vatReturnReads: VatReturnReads = { jobsState, knownAtReads: loadKnownAtReads, settings: getSettings, accounts, years: allYears, sums: sumThrough, filedReturns };

export const trialBalanceReads: TrialBalanceReads = { jobsState, knownAtReads: loadKnownAtReads, settings: getSettings, accounts, years: allYears, sums: sumThrough, costCenters };

export const generalLedgerReads: GeneralLedgerReads = {
  jobsState,
  knownAtReads: loadKnownAtReads,
  settings: getSettings,
  accounts,
  years: allYears,
  sums: sumThrough,
  costCenters,
  account: (companyId, reference, field) => resolveNode<AccountAttributes>('ACCOUNT', 'The account', companyId, reference, field),
  ledgerLines,
  mergedLines: (companyId, accountIds, range, keep) => mergedLedgerLines(companyId, accountIds, range, keep),
  rowsOf: ledgerRowsOf,
  encodePlace: encodeCursor,
  decodePlace: decodeCursor,
};

