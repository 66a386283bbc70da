import type { ReconciliationReport } from '../../reconciliation/store.ts';
import { bankAccountFacts } from './bank-account-facts.ts';
import { ledgerUpTo } from './bank-ledger-lines.ts';
import { getMatches, linesUpTo, reconciledPeriods } from './reconciliation-store.ts';

/** The reconciliation report's port (reconciliation/reconciliation.ts). */
export const reconciliationReads: ReconciliationReport = {
  bankAccount: bankAccountFacts,
  linesUpTo,
  ledgerUpTo,
  matches: getMatches,
  reconciledPeriods,
  // As known at a moment is a rare read: its reads load on that path only.
  knownAtReads: async () => (await import('./reconciliation-known-at-ports.ts')).reconciliationKnownAtReads,
};
