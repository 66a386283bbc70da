import { createHash } from 'node:crypto';
import Big from 'big.js';
import { CREDIT, type Line } from '../journals/rules.ts';
import type { LedgerLineRef, MatchRecord, StatementLineRecord } from './records.ts';

/**
 * Bank reconciliation rules (pure): a ledger line's amount as the bank sees it, and the
 * reconciliation of an account at a date. docs/decisions.md, "Bank reconciliation".
 */

/** A ledger line of the bank account as reconciliation reads it. */
export interface LedgerItem extends LedgerLineRef {
  postingDate: string;
  serialNumber: number;
  description: string | null;
  reference: string | null;
  /** Signed, in the bank account's currency: a debit (money into the account) positive. */
  amount: string;
}

/**
 * A line's amount in the bank account's currency, signed as the bank signs it (a debit of the
 * bank account is money in): its foreign amount when the line is in that currency, else its base
 * amount (a bank account in the company's base currency).
 */
export function bankAmount(line: Pick<Line, 'side' | 'amount' | 'currency' | 'foreign'>, bank: { currency: string; precision: number }): string {
  const amount = new Big(line.currency === bank.currency && line.foreign ? line.foreign.amount : line.amount);
  return (line.side === CREDIT ? amount.neg() : amount).toFixed(bank.precision);
}

export const ledgerKey = (l: LedgerLineRef) => `${l.journalId}#${l.line}`;

export const sum = (amounts: Iterable<string>): Big => {
  let total = new Big(0);
  for (const a of amounts) total = total.plus(a);
  return total;
};

export interface Reconciliation {
  statementBalance: string;
  ledgerBalance: string;
  unmatchedStatement: StatementLineRecord[];
  unmatchedLedger: LedgerItem[];
  unmatchedStatementTotal: string;
  unmatchedLedgerTotal: string;
  /** Matches that no longer hold at the date: a ledger line they name is gone (its journal voided or adjusted). */
  brokenMatches: Array<{ matchId: string; reason: string }>;
}

/**
 * The reconciliation at a date from the statement lines booked and the ledger lines posted on or
 * before it, and the matches holding any of them. An item counts as reconciled only when its
 * match holds whole at the date: every statement line of it booked and every ledger line of it
 * posted by then (a ledger line gone, its journal voided, breaks the match). A whole match adds
 * the same on both sides, so always:
 *
 *   statement balance - ledger balance = unmatched statement total - unmatched ledger total
 */
export function reconcile(date: string, precision: number, lines: readonly StatementLineRecord[], ledger: readonly LedgerItem[], matches: ReadonlyMap<string, MatchRecord>): Reconciliation {
  const booked = new Set(lines.map((l) => l.bankReference));
  const posted = new Set(ledger.map(ledgerKey));
  const brokenMatches: Reconciliation['brokenMatches'] = [];
  const whole = new Set<string>();
  for (const match of matches.values()) {
    const gone = match.ledgerLines.filter((l) => !posted.has(ledgerKey(l)) && l.postingDate <= date);
    if (gone.length > 0) brokenMatches.push({ matchId: match.matchId, reason: `names ledger line ${gone.map((l) => `${l.line} of journal ${l.journalId}`).join(', ')}, which the ledger no longer holds (its journal voided or adjusted): unmatch it and match again` });
    if (match.statementLines.every((r) => booked.has(r)) && match.ledgerLines.every((l) => posted.has(ledgerKey(l)))) whole.add(match.matchId);
  }
  const claimed = new Set<string>();
  for (const id of whole) for (const l of matches.get(id)!.ledgerLines) claimed.add(ledgerKey(l));
  const unmatchedStatement = lines.filter((l) => !(l.matchId && whole.has(l.matchId)));
  const unmatchedLedger = ledger.filter((l) => !claimed.has(ledgerKey(l)));
  return {
    statementBalance: sum(lines.map((l) => l.amount)).toFixed(precision),
    ledgerBalance: sum(ledger.map((l) => l.amount)).toFixed(precision),
    unmatchedStatement,
    unmatchedLedger,
    unmatchedStatementTotal: sum(unmatchedStatement.map((l) => l.amount)).toFixed(precision),
    unmatchedLedgerTotal: sum(unmatchedLedger.map((l) => l.amount)).toFixed(precision),
    brokenMatches,
  };
}

/**
 * A digest of the items up to a date as they stand: every statement line (its reference, amount
 * and the match holding it) and every ledger line (its journal, index and amount). A posting
 * into the range, a void, a line imported or a match made or undone there changes it: what
 * marks a reconciled period as changed since.
 */
export function itemsDigest(date: string, lines: readonly StatementLineRecord[], ledger: readonly LedgerItem[]): string {
  const items = [
    ...lines.filter((l) => l.bookingDate <= date).map((l) => `S ${l.bankReference} ${new Big(l.amount).toFixed()} ${l.matchId ?? ''}`),
    ...ledger.filter((l) => l.postingDate <= date).map((l) => `L ${ledgerKey(l)} ${new Big(l.amount).toFixed()}`),
  ].sort();
  return createHash('sha256').update(items.join('\n')).digest('hex');
}
