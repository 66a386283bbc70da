import { StateConflict } from '../errors.ts';
import type { GroupedSums } from '../balances/records.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { RETURN_LAYOUTS, type ReturnBox } from '../tax-codes/return-layouts.ts';
import { balancesThrough, dayBefore, formatter } from './figures.ts';
import { reportContext } from './report-context.ts';
import { checkReportRange } from './report-range.ts';
import type { VatReturnInput } from './schemas.ts';
import { whileBooksSteady } from './steady-books.ts';
import type { VatReturnReads } from './store.ts';

export type VatReturn = ResponseOf<'VatReturnResponse'>;

/** A box's two columns in mils: the taxable amounts and the tax (null where the form has no such column). */
interface BoxFigures {
  amount: bigint;
  tax: bigint;
}

/**
 * The VAT return of a range in the box layout of the company's jurisdiction
 * (tax-codes/return-layouts.ts): per box its amount and tax, the computed boxes from the others,
 * and the net due (the form's last box). Every figure is a sum of the VAT return figures the
 * postings keep on the running balances (journals/rules.ts taxDeltas): no journal line is read.
 * Corrections of earlier returns and credit carried forward are 0 until returns are filed. Never
 * read while a wide posting runs (steady-books.ts). Errors: StateConflict (NoTaxJurisdiction),
 * ValidationError (InvalidRange, RangeTooLong, NoFinancialYear), BooksInMotion.
 */
export function vatReturn(books: VatReturnReads, companyId: string, query: VatReturnInput): Promise<VatReturn> {
  return whileBooksSteady(books, companyId, async () => {
    const [ctx, settings] = await Promise.all([reportContext(books, companyId), books.settings(companyId)]);
    const jurisdiction = settings?.taxJurisdiction;
    if (!jurisdiction) throw new StateConflict('NoTaxJurisdiction', 'The company has no taxJurisdiction: set it (PUT .../Settings) to read its VAT return.', 'taxJurisdiction');
    checkReportRange(query.dateFrom, query.dateTo, ctx.years);
    const [through, before] = await Promise.all([balancesThrough(companyId, ctx, query.dateTo, { kind: 'taxes' }), balancesThrough(companyId, ctx, dayBefore(query.dateFrom), { kind: 'taxes' })]);
    const figures = boxFigures(RETURN_LAYOUTS[jurisdiction], movement(through, before));
    const fixed = formatter(ctx);
    const layout = RETURN_LAYOUTS[jurisdiction];
    return {
      dateFrom: query.dateFrom,
      dateTo: query.dateTo,
      jurisdiction,
      taxRegistrationNumber: settings.taxRegistrationNumber,
      currency: ctx.currency,
      boxes: layout.map((box) => {
        const f = figures.get(box.id)!;
        return { box: box.id, name: box.name, side: box.side, amount: box.amount ? fixed(f.amount) : null, tax: box.tax ? fixed(f.tax) : null };
      }),
      netDue: fixed(figures.get(layout.at(-1)!.id)!.tax),
    };
  });
}

/** The range's figures per box: through its last day less through the day before its first, summed over accounts. */
function movement(through: GroupedSums, before: GroupedSums): Map<string, BoxFigures> {
  const boxes = new Map<string, BoxFigures>();
  const add = (sums: GroupedSums, sign: 1n | -1n) => {
    for (const [box, byAccount] of sums) {
      const f = boxes.get(box) ?? { amount: 0n, tax: 0n };
      for (const s of byAccount.values()) {
        f.amount += sign * (s.taxable ?? 0n);
        f.tax += sign * (s.tax ?? 0n);
      }
      boxes.set(box, f);
    }
  };
  add(through, 1n);
  add(before, -1n);
  return boxes;
}

/**
 * Every box of the layout, in form order: a box codes name (or an Emirate's row) as the postings
 * summed it, a total as the sum of its boxes, the net as due less recoverable tax; corrections
 * and credit carried forward 0. Columns the form lacks count as 0 in the totals.
 */
export function boxFigures(layout: readonly ReturnBox[], posted: ReadonlyMap<string, BoxFigures>): Map<string, BoxFigures> {
  const figures = new Map<string, BoxFigures>();
  const shown = (box: ReturnBox, f: BoxFigures): BoxFigures => ({ amount: box.amount ? f.amount : 0n, tax: box.tax ? f.tax : 0n });
  const sum = (ids: readonly string[], pick: (f: BoxFigures) => bigint) => ids.reduce((total, id) => total + pick(figures.get(id)!), 0n);
  for (const box of layout) {
    if (box.assignable || ('rule' in box.computed && box.computed.rule === 'emirate')) {
      figures.set(box.id, shown(box, posted.get(box.id) ?? { amount: 0n, tax: 0n }));
    } else if ('sumOf' in box.computed) {
      const ids = box.computed.sumOf;
      figures.set(box.id, shown(box, { amount: sum(ids, (f) => f.amount), tax: sum(ids, (f) => f.tax) }));
    } else if (box.computed.rule === 'net') {
      const { plus, minus } = box.computed;
      figures.set(box.id, shown(box, { amount: 0n, tax: sum(plus, (f) => f.tax) - sum(minus, (f) => f.tax) }));
    } else {
      figures.set(box.id, { amount: 0n, tax: 0n });
    }
  }
  return figures;
}
