import type { AutoMatching, Matching, PeriodReconciling, ReconciliationReads, ReconciliationReport, StatementImporting, StatementLineList } from '../../reconciliation/store.ts';
import { pendingEventOp } from '../events/outbox-store.ts';
import { getJournals } from '../ledger/journal-store.ts';
import { transactWrite } from '../table/transact.ts';
import { ledgerLines } from '../ledger/ledger-store.ts';
import { bankAccountFacts } from './bank-account-facts.ts';
import { getLines, getMatch, getMatches, claimedLedgerLines, getStatementChain, linesPage, reconciledOp, reconciledPeriods, linesThere, linesUpTo, matchOps, newLineOp, statementOps, statementsThere, unmatchOps } from './reconciliation-store.ts';

/** Bank reconciliation's ports (reconciliation/store.ts), one per use case. */
const bankAccount = bankAccountFacts;
const ledgerUpTo: ReconciliationReads['ledgerUpTo'] = (companyId, accountId, date, limit) => ledgerLines(companyId, accountId, { from: '0000-01-01', to: date }, undefined, limit + 1, () => true);

export const statementImporting: StatementImporting = {
  bankAccount,
  statementChain: getStatementChain,
  statementsThere,
  linesThere,
  newLineChange: newLineOp,
  statementChanges: statementOps,
};

export const matching: Matching = {
  bankAccount,
  lines: getLines,
  journals: getJournals,
  match: getMatch,
  matchChanges: matchOps,
  unmatchChanges: unmatchOps,
  journaling: async () => (await import('./line-journal-ports.ts')).lineJournaling,
};

export const reconciliationReads: ReconciliationReport = {
  bankAccount,
  linesUpTo,
  ledgerUpTo,
  matches: getMatches,
  reconciledPeriods,
  // As known at a moment is a rare read: its reads load on that path only.
  knownAtReads: async () => (await import('./reconciliation-known-at-ports.ts')).reconciliationKnownAtReads,
};

export const periodReconciling: PeriodReconciling = {
  bankAccount,
  linesUpTo,
  ledgerUpTo,
  matches: getMatches,
  reconciledPeriods,
  reconciledChange: reconciledOp,
};

export const autoMatching: AutoMatching = {
  bankAccount,
  linesUpTo,
  ledgerUpTo,
  claimedLedgerLines,
  matchChanges: matchOps,
  eventChange: pendingEventOp,
  commit: transactWrite,
  journaling: async () => (await import('./line-journal-ports.ts')).lineJournaling,
};

export const statementLineList: StatementLineList = { bankAccount, page: linesPage };
