import { NotFound } from '../errors.ts';
import { sortsBefore } from '../journals/ledger-entries.ts';
import { reconcile } from './rules.ts';
import { checkItems, ledgerItems, LISTED_PERIODS, RECONCILIATION_ITEMS, reconciliationView, type ReconciledItems, type ReconciliationView } from './reconciliation-view.ts';
import type { BankAccountFacts, ReconciliationReads, ReconciliationReport } from './store.ts';

export { ledgerItems, RECONCILIATION_ITEMS, type ReconciliationView };

/**
 * The reconciliation of a bank account at a date (rules.ts, reconcile): the statement balance
 * (every statement line booked by then, the first statement's opening balance included), the
 * ledger balance (every line of the account posted by then, in its currency), and the items on
 * each side not held by a whole match, which account for the difference exactly. With `knownAt`,
 * as the books, the statements and the matches stood at that instant (known-at.ts, loaded on that
 * path only). Errors: NotFound, ValidationError (TooManyBankLines naming `date`; TooManyChanges
 * and BeforeChangeRecord naming `knownAt`), BooksInMotion.
 */
export async function reconciliationAt(books: ReconciliationReport, companyId: string, accountId: string, date: string, knownAt?: string): Promise<ReconciliationView> {
  const bank = (await books.bankAccount(companyId, accountId)) ?? NotFound.throw('The bank account');
  if (knownAt !== undefined) return (await import('./known-at.ts')).reconciliationKnownAt(books, companyId, accountId, bank, date, knownAt);
  const [r, marks] = await Promise.all([reconciledAt(books, companyId, accountId, bank, date), books.reconciledPeriods(companyId, accountId, date, LISTED_PERIODS)]);
  return reconciliationView(accountId, bank, date, null, r, marks);
}

/**
 * The account's items up to the date, read, and reconciled (rules.ts): what the report shows and
 * automatic matching works on. Errors: ValidationError (TooManyBankLines naming `date`).
 */
export async function reconciledAt(books: ReconciliationReads, companyId: string, accountId: string, bank: BankAccountFacts, date: string): Promise<ReconciledItems> {
  const [lines, read] = await Promise.all([books.linesUpTo(companyId, accountId, date, RECONCILIATION_ITEMS), books.ledgerUpTo(companyId, accountId, date, RECONCILIATION_ITEMS, sortsBefore)]);
  checkItems(lines, read);
  const ledger = ledgerItems(read, bank);
  const matchIds = [...new Set(lines.flatMap((l) => (l.matchId ? [l.matchId] : [])))];
  const matches = new Map((await books.matches(companyId, accountId, matchIds)).map((m) => [m.matchId, m]));
  return { ...reconcile(date, bank.precision, lines, ledger, matches), lines, ledger };
}
