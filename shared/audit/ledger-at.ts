import { sortsBefore, type LedgerRow } from '../journals/ledger-entries.ts';
import type { Line } from '../journals/rules.ts';
import type { BookChange } from './book-changes.ts';

/** A closing entry as income statements leave it out: its lines, where it posted. */
export interface ClosingEntry {
  id: string;
  postingDate: string;
  entries: Line[];
}

/**
 * The accounts' ledgers as they stood at a moment, pure: the ledger of now less the rows of
 * journals posted after it (`hidden`), plus the rows of journals voided or adjusted after it
 * (`restored`), found by undoing the changes committed after it, newest first. A row is one
 * line of a journal on an account at its ledger position, so a journal posted, adjusted and
 * posted again after the moment comes out as it stood.
 */
export interface LedgerDifference {
  hidden: ReadonlySet<string>;
  /** In ledger order. */
  restored: readonly LedgerRow[];
}

/** The key of a ledger row: where it sits (account, position) and which line of its journal it is. */
export const rowKey = (row: { accountId: string; position: string; line: number }) => `${row.accountId}|${row.position}|${row.line}`;

/** `changes` oldest first; `rowsOf` gives a change's rows as its ledger entries hold them (db/ledger/ledger-store.ts). */
export function ledgerDifference(changes: readonly BookChange[], rowsOf: (change: BookChange) => LedgerRow[]): LedgerDifference {
  const hidden = new Set<string>();
  const restored = new Map<string, LedgerRow>();
  for (const change of [...changes].reverse()) {
    for (const row of rowsOf(change)) {
      const key = rowKey(row);
      if (change.effect === 1) {
        // Undo a posting: its row goes (it was either restored by a later undo, or is in the ledger of now).
        if (!restored.delete(key)) hidden.add(key);
      } else if (!hidden.delete(key)) {
        restored.set(key, row);
      }
    }
  }
  return { hidden, restored: [...restored.values()].sort((a, b) => (sortsBefore(a, b) ? -1 : 1)) };
}

/** Rows of the ledger of now and restored rows, merged in ledger order, hidden rows left out (both inputs in ledger order). */
export async function* mergedRows(now: AsyncIterable<LedgerRow> | Iterable<LedgerRow>, difference: LedgerDifference): AsyncGenerator<LedgerRow> {
  const restored = difference.restored;
  let next = 0;
  for await (const row of now) {
    if (difference.hidden.has(rowKey(row))) continue;
    while (next < restored.length && sortsBefore(restored[next]!, row)) yield restored[next++]!;
    yield row;
  }
  while (next < restored.length) yield restored[next++]!;
}

/**
 * The closing entries in the books at the moment (income statements leave them out): those in
 * the books now, less the ones posted after it, plus the ones taken back after it, as their
 * change records hold them.
 */
export function closingsAt(now: readonly ClosingEntry[], changes: readonly BookChange[]): ClosingEntry[] {
  const inBooks = new Map<string, ClosingEntry>(now.map((j) => [j.id, j]));
  for (const change of [...changes].reverse()) {
    if (!change.closing) continue;
    if (change.effect === 1) inBooks.delete(change.journalId);
    else inBooks.set(change.journalId, { id: change.journalId, postingDate: change.postingDate, entries: change.lines });
  }
  return [...inBooks.values()];
}
