import type { JournalRecord } from './records.ts';
import { amountToNumber } from '../money/amount.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { completedApproval, totals, unpostedJournal, type Line } from './rules.ts';
import type { LineTax } from '../tax-codes/records.ts';

/** A journal as answered: the type of its documented response schema. */
export type JournalView = ResponseOf<'JournalResponse'>;

/**
 * A line as answered: `amount` in the line's currency, `baseAmount` in the company's; a line in
 * the base currency has rate 1. Lines written before foreign currencies have no currency of
 * their own (null): they are in the base currency.
 */
const lineView = (l: Line, index: number, lines: readonly Line[]) => ({
  accountId: l.accountId,
  costCenterId: l.costCenterId,
  side: l.side,
  amount: amountToNumber(l.foreign?.amount ?? l.amount),
  currency: l.currency ?? null,
  exchangeRate: l.foreign?.exchangeRate ?? '1',
  baseAmount: amountToNumber(l.amount),
  fxRounding: l.fxRounding ?? false,
  tax: l.tax ? taxView(l.tax, index, lines) : null,
  taxOf: l.taxOf ?? null,
  counterpartyId: l.counterpartyId ?? null,
});

/** A taxed line's tax: the code, the rate, the tax in the line's currency, its boxes, and the indexes of the tax lines it produced. */
const taxView = (tax: LineTax, index: number, lines: readonly Line[]) => ({
  taxCode: tax.code,
  taxCodeId: tax.taxCodeId,
  kind: tax.kind,
  direction: tax.direction,
  percent: tax.percent,
  taxAmount: amountToNumber(tax.taxAmount),
  taxAmountSent: tax.taxAmountSent ?? false,
  baseBoxes: tax.baseBoxes,
  taxBoxes: tax.taxBoxes,
  emirate: tax.emirate ?? null,
  taxLines: lines.flatMap((l, i) => (l.taxOf === index ? [i] : [])),
});

/** Fields a state may lack are null in the response, present for every journal. */
export function journalView(j: JournalRecord): JournalView {
  const sums = totals(j.entries);
  const posting = unpostedJournal(j) ? undefined : j;
  return {
    id: j.id,
    serialNumber: j.serialNumber,
    ...(j.entryNumber === undefined ? {} : { entryNumber: j.entryNumber }),
    date: j.date,
    description: j.description ?? null,
    reference: j.reference ?? null,
    entries: j.entries.map((l, i) => lineView(l, i, j.entries)),
    amountsIncludeTax: j.amountsIncludeTax ?? false,
    totals: { debit: amountToNumber(sums.debit), credit: amountToNumber(sums.credit) },
    status: j.status,
    postingDate: posting?.postingDate ?? null,
    financialYearId: posting?.financialYearId ?? null,
    periodId: posting?.periodId ?? null,
    reversalOf: j.reversalOf ?? null,
    reversedBy: j.status === 'reversed' ? j.reversedBy : null,
    revaluationDate: j.revaluationDate ?? null,
    openingOf: j.openingOf ?? null,
    importId: j.importId ?? null,
    version: j.version,
    createdAt: j.createdAt,
    updatedAt: j.updatedAt,
    ...actorsView(j),
  };
}

/** Who did what, null where not done (or done before the service kept it). */
function actorsView(j: JournalRecord) {
  const approvals = j.approvals ?? [];
  const completed = completedApproval(j);
  return {
    createdBy: j.createdBy ?? null,
    editedBy: j.editedBy ?? null,
    updatedBy: j.updatedBy ?? null,
    submittedBy: j.submittedBy ?? null,
    submittedAt: j.submittedAt ?? null,
    approvals: approvals.map((a) => ({ by: a.by, at: a.at })),
    approvedBy: completed?.by ?? null,
    approvedAt: completed?.at ?? null,
    rejection: j.rejection ?? null,
    postedBy: j.postedBy ?? null,
    postedAt: j.postedAt ?? null,
    voidedBy: j.voidedBy ?? null,
    voidedAt: j.voidedAt ?? null,
  };
}
