import Big from 'big.js';
import { NotFound, ValidationError } from '../errors.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { StatementLineRecord } from './records.ts';
import { bankAmount, itemsDigest, reconcile, type LedgerItem, type Reconciliation } from './rules.ts';
import { reconciledPeriodView } from './views.ts';
import type { BankAccountFacts, LedgerLineRead, ReconciliationReads } from './store.ts';

export type ReconciliationView = ResponseOf<'ReconciliationResponse'>;

/** Items of each side the report reads at most: past it the request is refused, not cut. */
export const RECONCILIATION_ITEMS = 50_000;
/** Unmatched items listed per side (each side's count and total cover them all). */
const LISTED = 1_000;
/** Reconciled periods the report shows: the latest on or before its date. */
const LISTED_PERIODS = 12;

/**
 * The reconciliation of a bank account at a date (rules.ts, reconcile): the statement balance
 * (every statement line booked by then, the first statement's opening balance included), the
 * ledger balance (every line of the account posted by then, in its currency), and the items on
 * each side not held by a whole match, which account for the difference exactly. Errors:
 * NotFound, ValidationError (TooManyBankLines naming `date`).
 */
export async function reconciliationAt(books: ReconciliationReads, companyId: string, accountId: string, date: string): Promise<ReconciliationView> {
  const bank = (await books.bankAccount(companyId, accountId)) ?? NotFound.throw('The bank account');
  const [r, marks] = await Promise.all([reconciledAt(books, companyId, accountId, bank, date), books.reconciledPeriods(companyId, accountId, date, LISTED_PERIODS)]);
  return {
    bankAccountId: accountId,
    date,
    currency: bank.currency,
    statementBalance: r.statementBalance,
    ledgerBalance: r.ledgerBalance,
    difference: new Big(r.statementBalance).minus(r.ledgerBalance).toFixed(bank.precision),
    unmatchedStatement: { count: r.unmatchedStatement.length, total: r.unmatchedStatementTotal, lines: r.unmatchedStatement.slice(0, LISTED).map(statementItem) },
    unmatchedLedger: { count: r.unmatchedLedger.length, total: r.unmatchedLedgerTotal, lines: r.unmatchedLedger.slice(0, LISTED).map(ledgerItem) },
    reconciled: r.unmatchedStatement.length === 0 && r.unmatchedLedger.length === 0,
    brokenMatches: r.brokenMatches,
    // A period marked reconciled whose items changed since (a posting into it, a void, a match undone) is an exception.
    reconciledPeriods: marks.map((m) => ({ ...reconciledPeriodView(m), changedSince: itemsDigest(m.date, r.lines, r.ledger) !== m.itemsDigest })),
  };
}

/**
 * The account's items up to the date, read, and reconciled (rules.ts): what the report shows and
 * automatic matching works on. Errors: ValidationError (TooManyBankLines naming `date`).
 */
export async function reconciledAt(books: ReconciliationReads, companyId: string, accountId: string, bank: BankAccountFacts, date: string): Promise<Reconciliation & { lines: StatementLineRecord[]; ledger: LedgerItem[] }> {
  const [lines, read] = await Promise.all([books.linesUpTo(companyId, accountId, date, RECONCILIATION_ITEMS), books.ledgerUpTo(companyId, accountId, date, RECONCILIATION_ITEMS)]);
  if (lines.length > RECONCILIATION_ITEMS || read.length > RECONCILIATION_ITEMS) {
    throw ValidationError.field('date', `the account holds more than ${RECONCILIATION_ITEMS} ${lines.length > RECONCILIATION_ITEMS ? 'statement' : 'ledger'} lines up to this date, more than one reconciliation reads`, 'TooManyBankLines');
  }
  const ledger = ledgerItems(read, bank);
  const matchIds = [...new Set(lines.flatMap((l) => (l.matchId ? [l.matchId] : [])))];
  const matches = new Map((await books.matches(companyId, accountId, matchIds)).map((m) => [m.matchId, m]));
  return { ...reconcile(date, bank.precision, lines, ledger, matches), lines, ledger };
}

/** The ledger's lines as the bank sees them: each amount in the bank account's currency, signed. */
export const ledgerItems = (read: readonly LedgerLineRead[], bank: Pick<BankAccountFacts, 'currency' | 'precision'>): LedgerItem[] =>
  read.map(({ side: _side, currency: _currency, foreign: _foreign, ...row }, i) => ({ ...row, amount: bankAmount(read[i]!, bank) }));

const statementItem = (l: StatementLineRecord) => ({
  bankReference: l.bankReference,
  statementId: l.statementId,
  bookingDate: l.bookingDate,
  valueDate: l.valueDate,
  amount: l.amount,
  description: l.description,
  matchId: l.matchId ?? null,
});

const ledgerItem = (l: LedgerItem) => ({ journalId: l.journalId, line: l.line, serialNumber: l.serialNumber, postingDate: l.postingDate, amount: l.amount, description: l.description, reference: l.reference });
