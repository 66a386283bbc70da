import type { ActorRef } from '../auth/actor.ts';

/**
 * What bank reconciliation keeps (pure types; shared/db/stores/reconciliation-store.ts stores
 * them): the statements imported into a bank account, their lines, and the matches of statement
 * lines with the account's ledger lines. docs/decisions.md, "Bank reconciliation".
 */

/** A statement as imported: the bank's id for it, its balances, and its place in the account's chain of statements. */
export interface StatementRecord {
  companyId: string;
  accountId: string;
  /** 1 for the account's first statement, then one more each: the chain a statement continues. */
  sequence: number;
  statementId: string;
  openingBalance: Balance;
  closingBalance: Balance;
  lineCount: number;
  importId: string;
  createdAt: string;
}

export interface Balance {
  /** Signed, in the account's currency: positive is money the bank holds for the company. */
  amount: string;
  date: string;
}

/**
 * One line of a statement, recognised by the bank's own reference (a re-run imports it once).
 * The first statement's opening balance is a line too (`opening`), so the balance the books
 * started from is matched as any other item.
 */
export interface StatementLineRecord {
  companyId: string;
  accountId: string;
  bankReference: string;
  statementId: string;
  bookingDate: string;
  valueDate: string;
  /** Signed, in the account's currency: positive is money in. */
  amount: string;
  description: string;
  endToEndId?: string | undefined;
  structuredReference?: string | undefined;
  counterpartyName?: string | undefined;
  reversal: boolean;
  /** The first statement's opening balance, kept as a line of its own. */
  opening?: true | undefined;
  importId: string;
  /** The match holding the line, if any. */
  matchId?: string | undefined;
  /** The journal made from the line (a bank charge, interest), so a request sent again goes on with it rather than make another. */
  journalId?: string | undefined;
}

/** A ledger line of the bank account: a line of a posted journal, by the journal and the line's index. */
export interface LedgerLineRef {
  journalId: string;
  line: number;
}

/** Statement lines and ledger lines whose amounts agree, matched as one item of the reconciliation. */
export interface MatchRecord {
  companyId: string;
  accountId: string;
  matchId: string;
  statementLines: string[];
  ledgerLines: Array<LedgerLineRef & { amount: string; postingDate: string }>;
  /** The amount both sides add to. */
  amount: string;
  /** `manual`, or the name of the rule that found it. */
  rule: string;
  reason: string;
  /** The journal posted for the difference of the sides (a tolerance rule's, or by hand), its bank line among `ledgerLines`. */
  difference?: { journalId: string; amount: string } | undefined;
  matchedBy: NonNullable<ActorRef>;
  matchedAt: string;
  version: number;
}

/** The head of an account's chain of statements: how many, and the last one's closing balance. */
export interface StatementChain {
  count: number;
  last?: { statementId: string; closingBalance: Balance } | undefined;
}

/** A bank account marked reconciled at a date: the figures then, and a digest of every item up to it, so a later change shows. */
export interface ReconciledPeriodRecord {
  companyId: string;
  accountId: string;
  date: string;
  statementBalance: string;
  ledgerBalance: string;
  unmatchedStatement: { count: number; total: string };
  unmatchedLedger: { count: number; total: string };
  /** SHA-256 of the items up to the date as they stood (rules.ts, itemsDigest). */
  itemsDigest: string;
  reconciledBy: NonNullable<ActorRef>;
  reconciledAt: string;
}
