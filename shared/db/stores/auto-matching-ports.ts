import type { AutoMatching } from '../../reconciliation/store.ts';
import { pendingEventOp } from '../events/outbox-store.ts';
import { transactWrite } from '../table/transact.ts';
import { bankAccountFacts } from './bank-account-facts.ts';
import { ledgerUpTo } from './bank-ledger-lines.ts';
import { claimedLedgerLines, linesUpTo, matchOps } from './reconciliation-store.ts';

/** Automatic matching's port (reconciliation/auto-matching.ts); what posts a journal loads its books on that path only. */
export const autoMatching: AutoMatching = {
  bankAccount: bankAccountFacts,
  linesUpTo,
  ledgerUpTo,
  claimedLedgerLines,
  matchChanges: matchOps,
  eventChange: pendingEventOp,
  commit: transactWrite,
  journaling: async () => (await import('./line-journal-ports.ts')).lineJournaling,
};
