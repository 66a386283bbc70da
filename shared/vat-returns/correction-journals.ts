import type { BookChange } from '../audit/book-changes.ts';
import { taxDeltas } from '../journals/posting-figures.ts';
import { fromMils, toMils } from '../money/mils.ts';
import { rangeHolding, type FiledReturn } from './records.ts';
import type { VatReturnFiling } from './store.ts';

/** Book changes a filing reads at most to list its corrections' journals: past it, the list says it is cut short. */
export const MAX_CHANGES_READ = 50_000;
/** Journals a filing lists at most: the filed return is one item of the table (400 KB), and Restatements pages them all. */
export const MAX_JOURNALS_LISTED = 1_000;

export interface CorrectionJournal {
  journalId: string;
  serialNumber: number;
  change: string;
  postingDate: string;
  occurredAt: string;
  boxes: Array<{ box: string; amount: string; tax: string }>;
}

/**
 * The journals behind the corrections a filing reports, by filed return: every change to the
 * books committed since the last return was filed (posted, voided, adjusted, reversed) whose
 * posting date falls in a filed range and which moved VAT figures, with the figures it moved per
 * box (journals/posting-figures.ts taxDeltas), oldest first. Reads the changes recorded since that filing
 * (pending ones were numbered first: the filing read the audit head), at most MAX_CHANGES_READ,
 * listing at most MAX_JOURNALS_LISTED; `complete` false when it stopped at either (the filing then
 * lists none: null; Restatements lists them all).
 */
export async function correctionJournals(books: Pick<VatReturnFiling, 'changesPage'>, companyId: string, filed: readonly FiledReturn[], precision: number): Promise<{ byReturn: Map<string, CorrectionJournal[]>; complete: boolean }> {
  const byReturn = new Map<string, CorrectionJournal[]>();
  if (filed.length === 0) return { byReturn, complete: true };
  const since = filed.reduce((latest, f) => (f.filedAt > latest ? f.filedAt : latest), filed[0]!.filedAt);
  let read = 0;
  let listed = 0;
  let after: string | undefined;
  do {
    const page = await books.changesPage(companyId, since, after, 500);
    read += page.changes.length;
    for (const change of page.changes) {
      const into = rangeHolding(filed, change.postingDate);
      const journal = into && journalOf(change, precision);
      if (!journal) continue;
      if (++listed > MAX_JOURNALS_LISTED) return { byReturn, complete: false };
      const list = byReturn.get(into.returnId) ?? byReturn.set(into.returnId, []).get(into.returnId)!;
      list.push(journal);
    }
    after = page.last;
  } while (after !== undefined && read < MAX_CHANGES_READ);
  return { byReturn, complete: after === undefined };
}

function journalOf(change: BookChange, precision: number): CorrectionJournal | undefined {
  const boxes = new Map<string, { amount: bigint; tax: bigint }>();
  for (const d of taxDeltas(change.lines, change.effect)) {
    const f = boxes.get(d.box) ?? { amount: 0n, tax: 0n };
    if (d.figure === 'taxable') f.amount += toMils(d.amount);
    else f.tax += toMils(d.amount);
    boxes.set(d.box, f);
  }
  if (boxes.size === 0) return undefined;
  return {
    journalId: change.journalId,
    serialNumber: change.serialNumber,
    change: change.type,
    postingDate: change.postingDate,
    occurredAt: change.occurredAt,
    boxes: [...boxes].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })).map(([box, f]) => ({ box, amount: fromMils(f.amount, precision), tax: fromMils(f.tax, precision) })),
  };
}
