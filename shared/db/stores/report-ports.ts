import type { AccountAttributes } from '../../accounts/records.ts';
import type { BalanceSheetReads, VatReturnReads, GeneralLedgerReads, TrialBalanceReads } from '../../reports/store.ts';
import { allYears } from '../capacity/year-hint.ts';
import { sumsThrough } from '../ledger/balance-reads.ts';
import { ledgerLines, ledgerRowsOf } from '../ledger/ledger-store.ts';
import { mergedLedgerLines } from '../ledger/merged-ledger-stream.ts';
import { decodeCursor, encodeCursor } from '../table/cursor.ts';
import { loadKnownAtReads } from './known-at-loader.ts';
import { jobsState } from './job-store.ts';
import { resolveNode } from './nodes/node-paths.ts';
import { accounts, costCenters } from './report-node-ports.ts';
import { getSettings } from './settings-store.ts';
import { filedReturns } from './vat-return-store.ts';

/**
 * The reports' ports (reports/store.ts), one per use case (plain properties: a bundler keeps a
 * spread it cannot prove pure). The reports that read closing journals take theirs from
 * report-closing-ports.ts, so the others load no journal storage; those that never read as known
 * at a moment (the tax detail, the FTA file) have ports of their own, so they load no known-at loader.
 */

/** The years come with the registry when a warm function knows their ids (capacity/year-hint.ts). */
export const balanceSheetReads: BalanceSheetReads = { jobsState, knownAtReads: loadKnownAtReads, settings: getSettings, accounts, years: allYears, sums: sumsThrough };

export const vatReturnReads: VatReturnReads = { jobsState, knownAtReads: loadKnownAtReads, settings: getSettings, accounts, years: allYears, sums: sumsThrough, filedReturns };

export const trialBalanceReads: TrialBalanceReads = { jobsState, knownAtReads: loadKnownAtReads, settings: getSettings, accounts, years: allYears, sums: sumsThrough, costCenters };

export const generalLedgerReads: GeneralLedgerReads = {
  jobsState,
  knownAtReads: loadKnownAtReads,
  settings: getSettings,
  accounts,
  years: allYears,
  sums: sumsThrough,
  costCenters,
  account: (companyId, reference, field) => resolveNode<AccountAttributes>('ACCOUNT', 'The account', companyId, reference, field),
  ledgerLines,
  mergedLines: (companyId, accountIds, range, keep, before) => mergedLedgerLines(companyId, accountIds, range, keep, before),
  rowsOf: ledgerRowsOf,
  encodePlace: encodeCursor,
  decodePlace: decodeCursor,
};

