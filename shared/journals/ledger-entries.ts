import type { Line, LedgerLine, TaxLedgerLine } from './rules.ts';

/**
 * The ledger entries of a posted journal as read back, pure types and the ledger's order: one
 * entry per account the journal names, holding its lines on that account (rules.ts ledgerEntries
 * works them out; shared/db/ledger/ledger-store.ts stores them).
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

/** An order of ledger rows and places: whether `a` sorts before `b`. */
export type LedgerOrder = (a: LedgerPlace, b: LedgerPlace) => boolean;

/** The ledger's order: whether row `a` sorts before place `b` (position, then account, then line). The books' reads are handed it. */
export function sortsBefore(a: LedgerPlace, b: LedgerPlace): boolean {
  if (a.position !== b.position) return a.position < b.position;
  if (a.accountId !== b.accountId) return a.accountId < b.accountId;
  return a.line < b.line;
}

/** A tax ledger line as read back, its journal's fields beside it. */
export interface TaxLedgerRow extends TaxLedgerLine, EntryFields {}
