import Big from 'big.js';
import { ValidationError } from '../errors.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { ReconciledPeriodRecord, StatementLineRecord } from './records.ts';
import { bankAmount, itemsDigest, type LedgerItem, type Reconciliation } from './rules.ts';
import type { BankAccountFacts, LedgerLineRead } from './store.ts';
import { reconciledPeriodView } from './views.ts';

/**
 * The reconciliation report as the API answers it, from the items reconciled (rules.ts): shared
 * by the report of now (reconciliation.ts) and as known at a moment (known-at.ts).
 */
export type ReconciliationView = ResponseOf<'ReconciliationResponse'>;

/** Items of each side the report reads at most: past it the request is refused, not cut. */
export const RECONCILIATION_ITEMS = 50_000;
/** Unmatched items listed per side (each side's count and total cover them all). */
const LISTED = 1_000;
/** Reconciled periods the report shows: the latest on or before its date. */
export const LISTED_PERIODS = 12;

/** Errors: ValidationError (TooManyBankLines naming `date`) when a side read more than the report reads. */
export function checkItems(lines: readonly unknown[], ledger: readonly unknown[]): void {
  if (lines.length > RECONCILIATION_ITEMS || ledger.length > RECONCILIATION_ITEMS) {
    throw ValidationError.field('date', `the account holds more than ${RECONCILIATION_ITEMS} ${lines.length > RECONCILIATION_ITEMS ? 'statement' : 'ledger'} lines up to this date, more than one reconciliation reads`, 'TooManyBankLines');
  }
}

/** The ledger's lines as the bank sees them: each amount in the bank account's currency, signed. */
export const ledgerItems = (read: readonly LedgerLineRead[], bank: Pick<BankAccountFacts, 'currency' | 'precision'>): LedgerItem[] =>
  read.map(({ side: _side, currency: _currency, foreign: _foreign, ...row }, i) => ({ ...row, amount: bankAmount(read[i]!, bank) }));

/** The items reconciled at the date (rules.ts), with the items themselves (what a reconciled period's digest is compared with). */
export interface ReconciledItems extends Reconciliation {
  lines: StatementLineRecord[];
  ledger: LedgerItem[];
}

/** The report of the items reconciled at `date` (`knownAt` as echoed: null for now). */
export function reconciliationView(accountId: string, bank: BankAccountFacts, date: string, knownAt: string | null, r: ReconciledItems, marks: readonly ReconciledPeriodRecord[]): ReconciliationView {
  return {
    bankAccountId: accountId,
    date,
    knownAt,
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
