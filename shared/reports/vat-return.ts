import { knownAtEcho } from './known-at-echo.ts';
import { knownAtMoment } from './known-at-moment.ts';
import { reportContext } from './report-context.ts';
import type { VatReturnInput } from './schemas.ts';
import { whileBooksSteady } from './steady-books.ts';
import type { VatReturnReads } from './store.ts';
import { registeredJurisdiction, returnFigures, returnView, type VatReturn } from './vat-return-figures.ts';

/**
 * The VAT return of a range in the box layout of the company's jurisdiction
 * (tax-codes/return-layouts.ts): per box its amount and tax, the computed boxes from the others,
 * and the net due (the form's last box). Every figure is a sum of the VAT return figures the
 * postings keep on the running balances (journals/posting-figures.ts taxDeltas): no journal line is read.
 * Beside them, the corrections of the returns filed before (returnFigures): in the form's box
 * for them (Saudi Arabia's 14) or added to the net due (the UAE); and in Saudi Arabia the credit
 * the last return filed before left (box 15, carried-credit.ts).
 * Never read while a wide posting runs (steady-books.ts). With `knownAt`, as the books stood at
 * that instant (audit/known-at.ts), against the returns filed before it. Errors: StateConflict
 * (NoTaxJurisdiction), ValidationError (InvalidRange, RangeTooLong, NoFinancialYear,
 * TooManyChanges, BeforeChangeRecord), BooksInMotion.
 */
export function vatReturn(books: VatReturnReads, companyId: string, query: VatReturnInput): Promise<VatReturn> {
  const knownAt = knownAtEcho(query.knownAt);
  return whileBooksSteady(
    books,
    companyId,
    async (known) => {
      const [ctx, settings, allFiled] = await Promise.all([reportContext(books, companyId, known), books.settings(companyId), books.filedReturns(companyId)]);
      const jurisdiction = registeredJurisdiction(settings);
      // As known at a moment: the returns filed before it, and their corrections as they stood then.
      const filed = knownAt === null ? allFiled : allFiled.filter((f) => f.filedAt < knownAt);
      const figures = await returnFigures(companyId, ctx, { from: query.dateFrom, to: query.dateTo }, filed, jurisdiction);
      return returnView(ctx, settings!, jurisdiction, { from: query.dateFrom, to: query.dateTo }, figures, knownAt);
    },
    { moment: knownAtMoment(books, companyId, query.knownAt) },
  );
}
