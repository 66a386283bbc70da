import type { Line } from './rules.ts';

/**
 * The ledger entries of a posted journal, as pure types and rules: one entry per account the
 * journal names, holding its lines on that account (shared/db/ledger/ledger-store.ts stores them).
 */
export interface LedgerJournal {
  id: string;
  serialNumber: number;
  date: string;
  postingDate: string;
  description?: string | undefined;
  reference?: string | undefined;
  entries: Line[];
}

/**
 * One line of a ledger entry: where it sits in its journal, and what it says. `amount` is in
 * the base currency (what balances add); the line's currency, and for a foreign line its amount
 * in that currency and its rate, as the journal keeps them. Items written before currencies
 * have neither: their lines are in the base currency.
 */
export interface LedgerLine {
  line: number;
  side: Line['side'];
  amount: string;
  costCenterId: string | null;
  currency?: string;
  foreign?: Line['foreign'];
}

/** The journal's lines grouped by account, each keeping its index in the journal. */
export function linesByAccount(entries: readonly Line[]): Map<string, LedgerLine[]> {
  const byAccount = new Map<string, LedgerLine[]>();
  entries.forEach((l, line) => {
    const lines = byAccount.get(l.accountId) ?? [];
    lines.push({ line, side: l.side, amount: l.amount, costCenterId: l.costCenterId, ...(l.currency ? { currency: l.currency } : {}), ...(l.foreign ? { foreign: l.foreign } : {}) });
    byAccount.set(l.accountId, lines);
  });
  return byAccount;
}

/** A ledger line as read back: the journal's fields and one of its lines on the account. */
export interface LedgerRow extends LedgerLine {
  accountId: string;
  /** Where it sorts in the account's ledger: posting date, serial number, journal id. */
  position: string;
  journalId: string;
  serialNumber: number;
  date: string;
  postingDate: string;
  description: string | null;
  reference: string | null;
}

/** A place in a ledger walk: after this line of this account at this position. */
export interface LedgerPlace {
  position: string;
  accountId: string;
  line: number;
}

/** Whether row `a` sorts before place `b` (position, then account, then line). */
export function sortsBefore(a: LedgerPlace, b: LedgerPlace): boolean {
  if (a.position !== b.position) return a.position < b.position;
  if (a.accountId !== b.accountId) return a.accountId < b.accountId;
  return a.line < b.line;
}

