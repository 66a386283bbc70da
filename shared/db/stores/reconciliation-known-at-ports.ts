import type { ReconciliationKnownAtReads } from '../../reconciliation/store.ts';
import { ledgerLines, ledgerRowsOf } from '../ledger/ledger-store.ts';
import { jobsState } from './job-store.ts';
import { loadKnownAtReads } from './known-at-loader.ts';
import { matchChangesAfter } from './match-change-store.ts';
import { reconciledPeriods, statementsAfter } from './reconciliation-store.ts';

/**
 * The reads of the reconciliation as known at a moment (reconciliation/known-at.ts), in a module
 * of their own: the report loads it on that rare path only (docs/decisions.md, Bundling).
 */
export const reconciliationKnownAtReads: ReconciliationKnownAtReads = {
  jobsState,
  knownAtReads: loadKnownAtReads,
  rowsOf: ledgerRowsOf,
  ledgerRowsUpTo: (companyId, accountId, date, limit, keep, before) => ledgerLines(companyId, accountId, { from: '0000-01-01', to: date }, undefined, limit + 1, keep, before),
  statementsAfter,
  matchChangesAfter,
  reconciledPeriods,
};
