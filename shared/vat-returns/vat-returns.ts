import { randomUUID } from 'node:crypto';
import { currentAuditHead } from '../audit/audit-head.ts';
import { NotFound, StateConflict, ValidationError } from '../errors.ts';
import { fromMils } from '../money/mils.ts';
import { reportContext } from '../reports/report-context.ts';
import { whileBooksSteady } from '../reports/steady-books.ts';
import { registeredJurisdiction, returnFigures, returnView, type BoxFigures, type VatReturn } from '../reports/vat-return-figures.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { correctionJournals } from './correction-journals.ts';
import type { FiledReturn, StoredBoxes } from './records.ts';
import type { FileVatReturnInput } from './schemas.ts';
import type { FiledReturnReads, VatReturnFiling } from './store.ts';

export type FiledReturnView = ResponseOf<'FiledVatReturnResponse'>;

// Returns filed before credit was carried forward answer none (null) and no refund (false).
const view = (f: FiledReturn): FiledReturnView => ({ id: f.returnId, ...(f.answer as VatReturn), creditCarriedForward: (f.answer as VatReturn).creditCarriedForward ?? null, refundRequested: f.refundRequested ?? false, filedAt: f.filedAt, filedBy: f.filedBy, auditHead: f.auditHead, version: f.version });

const stored = (figures: ReadonlyMap<string, BoxFigures>, fixed: (m: bigint) => string): StoredBoxes =>
  Object.fromEntries([...figures].map(([box, f]) => [box, { amount: fixed(f.amount), tax: fixed(f.tax) }]));

/**
 * Files the VAT return of a range: its figures as the books hold them now, with the corrections
 * of the returns filed before (a journal posted, voided or reversed into their ranges since), kept
 * for good with the audit head read first (every change numbered at or before it committed before
 * the figures were read). Filed ranges never overlap; a later change into a filed range shows in
 * the next return's corrections, never in the filed one. Not while a wide posting runs.
 * Errors: StateConflict (NoTaxJurisdiction, FiledRangeOverlap naming `dateFrom`, FiledMeanwhile),
 * ValidationError (InvalidRange, RangeTooLong, NoFinancialYear, NoCreditToRefund), BooksInMotion.
 */
export function fileVatReturn(books: VatReturnFiling, uow: UnitOfWork, companyId: string, input: FileVatReturnInput): Promise<FiledReturnView> {
  return whileBooksSteady(books, companyId, async () => {
    const auditHead = await currentAuditHead(books, companyId);
    const [ctx, settings, filed] = await Promise.all([reportContext(books, companyId), books.settings(companyId), books.filedReturns(companyId)]);
    const jurisdiction = registeredJurisdiction(settings);
    const overlapping = filed.find((f) => f.dateFrom <= input.dateTo && input.dateFrom <= f.dateTo);
    if (overlapping) {
      throw new StateConflict('FiledRangeOverlap', `The return filed for ${overlapping.dateFrom} to ${overlapping.dateTo} covers part of this range; filed ranges never overlap: a later change into a filed range shows in the next return's corrections.`, 'dateFrom');
    }
    const range = { from: input.dateFrom, to: input.dateTo };
    const figures = await returnFigures(companyId, ctx, range, filed, jurisdiction);
    const listed = await correctionJournals(books, companyId, filed, ctx.precision);
    const shown = returnView(ctx, settings!, jurisdiction, range, figures);
    const refundRequested = input.refundRequested ?? false;
    if (refundRequested && !shown.netDue.startsWith('-')) {
      throw ValidationError.field('refundRequested', `can be true only for a return whose net due is a credit (below zero); this return's is ${shown.netDue}`, 'NoCreditToRefund');
    }
    // The filing lists the journals behind each correction (a GET shows them by box only), unless there were too many changes to read.
    const answer = { ...shown, corrections: shown.corrections.map((c) => ({ ...c, journals: listed.complete ? (listed.byReturn.get(c.returnId) ?? []) : null })) };
    // Exact decimal text, read back to the mil by later returns (vat-return.ts reportedOf).
    const fixed = (m: bigint) => fromMils(m);
    const record: FiledReturn = {
      companyId,
      returnId: randomUUID(),
      dateFrom: input.dateFrom,
      dateTo: input.dateTo,
      jurisdiction,
      posted: stored(figures.posted, fixed),
      corrections: figures.corrections.map((c) => ({ returnId: c.filed.returnId, posted: stored(c.posted, fixed) })),
      answer,
      refundRequested,
      carriedFrom: figures.carried?.from.returnId ?? null,
      filedAt: new Date().toISOString(),
      filedBy: uow.actor,
      auditHead,
      version: 1,
    };
    return uow.commit(books.fileChanges(record, filed.length), view(record));
  });
}

/** Errors: NotFound. */
export async function readFiledReturn(books: FiledReturnReads, companyId: string, returnId: string): Promise<FiledReturnView> {
  return view((await books.get(companyId, returnId)) ?? NotFound.throw('The VAT return'));
}

/** Every return filed, oldest range first, as filed. Errors: none of its own. */
export async function listFiledReturns(books: FiledReturnReads, companyId: string): Promise<{ results: FiledReturnView[] }> {
  return { results: (await books.filedReturns(companyId)).map(view) };
}
