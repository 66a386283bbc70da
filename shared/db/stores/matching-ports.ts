import type { Matching } from '../../reconciliation/store.ts';
import { getJournals } from '../ledger/journal-store.ts';
import { bankAccountFacts } from './bank-account-facts.ts';
import { getLines, getMatch, matchOps, unmatchOps } from './reconciliation-store.ts';

/** Manual matching's port (reconciliation/matches.ts); posting a difference loads its books on that path only. */
export const matching: Matching = {
  bankAccount: bankAccountFacts,
  lines: getLines,
  journals: getJournals,
  match: getMatch,
  matchChanges: matchOps,
  unmatchChanges: unmatchOps,
  journaling: async () => (await import('./line-journal-ports.ts')).lineJournaling,
};
