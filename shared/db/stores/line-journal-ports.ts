import type { LineJournaling } from '../../reconciliation/store.ts';
import { draftCreatingStore } from '../ledger/draft-books-store.ts';
import { getJournal, getJournals } from '../ledger/journal-store.ts';
import { pendingEventOp } from '../events/outbox-store.ts';
import { recoveryUnits } from '../table/unit-of-work.ts';
import { bankAccountFacts } from './bank-account-facts.ts';
import { getLines, getMatch, lineJournalOp, matchOps } from './reconciliation-store.ts';

/** Making a journal from a statement line (reconciliation/line-journal.ts): the draft's books, the posting books loaded when it posts, the line's link. */
export const lineJournaling: LineJournaling = {
  bankAccount: bankAccountFacts,
  lines: getLines,
  journals: getJournals,
  journal: getJournal,
  match: getMatch,
  matchChanges: matchOps,
  draftBooks: draftCreatingStore,
  postingBooks: async (periods) => (await import('../ledger/books-store.ts')).postingBooks(periods),
  units: recoveryUnits,
  eventChange: pendingEventOp,
  lineJournalChange: lineJournalOp,
};
