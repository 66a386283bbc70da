import type { PeriodReconciling, StatementImporting, StatementLineList } from '../../reconciliation/store.ts';
import { ledgerUpTo } from './bank-ledger-lines.ts';
import { bankAccountFacts } from './bank-account-facts.ts';
import { getMatches, getStatementChain, linesPage, reconciledOp, reconciledPeriods, linesThere, linesUpTo, newLineOp, statementOps, statementsThere } from './reconciliation-store.ts';

/**
 * Bank reconciliation's ports (reconciliation/store.ts), one per use case; those that load more on
 * a rare path (matching, automatic matching, the report as known at a moment) are in files of
 * their own, so no other handler bundles what their lazy paths share.
 */
const bankAccount = bankAccountFacts;

export const statementImporting: StatementImporting = {
  bankAccount,
  statementChain: getStatementChain,
  statementsThere,
  linesThere,
  newLineChange: newLineOp,
  statementChanges: statementOps,
};

export const periodReconciling: PeriodReconciling = {
  bankAccount,
  linesUpTo,
  ledgerUpTo,
  matches: getMatches,
  reconciledPeriods,
  reconciledChange: reconciledOp,
};

export const statementLineList: StatementLineList = { bankAccount, page: linesPage };
