import { taxBases, type Line } from './rules.ts';

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
/** A ledger entry's journal fields, beside each of its lines as read back; `position` is where it sorts (posting date, serial number, journal id). */
export interface EntryFields {
  position: string;
  journalId: string;
  serialNumber: number;
  date: string;
  postingDate: string;
  description: string | null;
  reference: string | null;
}

export interface LedgerRow extends LedgerLine, EntryFields {
  accountId: string;
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


/**
 * One taxed line of the tax ledger: its place in its journal, its account and side, its amount
 * without tax (base, and in its currency), its counterparty, its tax as the line records it, and
 * the tax in base (the base amount of its first tax line; 0 when it has none).
 */
export interface TaxLedgerLine {
  line: number;
  accountId: string;
  side: Line['side'];
  amount: string;
  currency?: string;
  foreign?: Line['foreign'];
  counterpartyId?: string;
  tax: NonNullable<Line['tax']>;
  taxBase: string;
}

/** The journal's taxed lines, as the tax ledger keeps them. */
export function taxedLinesOf(entries: readonly Line[]): TaxLedgerLine[] {
  const taxBase = taxBases(entries);
  return entries.flatMap((l, line) =>
    l.tax
      ? [{ line, accountId: l.accountId, side: l.side, amount: l.amount, ...(l.currency ? { currency: l.currency } : {}), ...(l.foreign ? { foreign: l.foreign } : {}), ...(l.counterpartyId ? { counterpartyId: l.counterpartyId } : {}), tax: l.tax, taxBase: taxBase.get(line) ?? '0' }]
      : [],
  );
}

/** A tax ledger line as read back, its journal's fields beside it. */
export interface TaxLedgerRow extends TaxLedgerLine, EntryFields {}
