import { StateConflict } from '../errors.ts';
import type { GroupedSums } from '../balances/records.ts';
import type { SettingsRecord } from '../companies/records.ts';
import type { TaxJurisdiction } from '../companies/tax-registration.ts';
import { toMils } from '../money/mils.ts';
import type { FiledReturn } from '../vat-returns/records.ts';
import type { ReportContext } from './report-context.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { RETURN_LAYOUTS, type ReturnBox } from '../tax-codes/return-layouts.ts';
import { balancesAround, formatter } from './figures.ts';
import { checkReportRange } from './report-range.ts';
import { CARRIED_CREDIT_BOX, carriedCredit, type CarriedCredit } from './carried-credit.ts';
import type { ReturnFigureReads } from './store.ts';

/*
 * The VAT return's figures and answer from the books (vat-return.ts, the report, and filing a
 * return, vat-returns/vat-returns.ts): apart from the report, which may read as known at a
 * moment, so filing loads none of that.
 */

export type VatReturn = ResponseOf<'VatReturnResponse'>;

/** A box's two columns in mils: the taxable amounts and the tax (null where the form has no such column). */
export interface BoxFigures {
  amount: bigint;
  tax: bigint;
}

/** The company's jurisdiction. Errors: StateConflict (NoTaxJurisdiction). */
export function registeredJurisdiction(settings: SettingsRecord | undefined): TaxJurisdiction {
  const jurisdiction = settings?.taxJurisdiction;
  if (!jurisdiction) throw new StateConflict('NoTaxJurisdiction', 'The company has no taxJurisdiction: set it (PUT .../Settings) to read or file its VAT return.', 'taxJurisdiction');
  return jurisdiction;
}

/** What a return of a range holds: its boxes' own figures, the corrections of the returns filed before, and the credit it carries. */
export interface ReturnFigures {
  posted: Map<string, BoxFigures>;
  corrections: Array<{ filed: FiledReturn; posted: Map<string, BoxFigures> }>;
  carried: CarriedCredit | null;
}

/**
 * The range's figures (its movement: no journal line read), and for each return filed before,
 * what its range holds now beyond what was reported of it (as filed, and in the corrections of
 * the returns filed after it): a journal posted, voided or reversed into a filed range since.
 * Errors: ValidationError (InvalidRange, RangeTooLong, NoFinancialYear).
 */
export async function returnFigures(companyId: string, ctx: ReportContext<ReturnFigureReads>, range: Range, filed: readonly FiledReturn[], jurisdiction: TaxJurisdiction): Promise<ReturnFigures> {
  checkReportRange(range.from, range.to, ctx.years);
  const [posted, ...now] = await Promise.all([range, ...filed.map((f) => ({ from: f.dateFrom, to: f.dateTo }))].map((r) => rangeMovement(companyId, ctx, r)));
  const corrections = filed.flatMap((f, i) => {
    const reported = reportedOf(f, filed);
    const change = new Map<string, BoxFigures>();
    for (const box of new Set([...now[i]!.keys(), ...reported.keys()])) {
      const a = now[i]!.get(box) ?? { amount: 0n, tax: 0n };
      const b = reported.get(box) ?? { amount: 0n, tax: 0n };
      if (a.amount !== b.amount || a.tax !== b.tax) change.set(box, { amount: a.amount - b.amount, tax: a.tax - b.tax });
    }
    return change.size > 0 ? [{ filed: f, posted: change }] : [];
  });
  return { posted: posted!, corrections, carried: carriedCredit(jurisdiction, range, filed) };
}

/** What was reported of a filed return's range: its figures as filed, and the corrections of it the returns filed after it carried. */
function reportedOf(f: FiledReturn, filed: readonly FiledReturn[]): Map<string, BoxFigures> {
  const reported = new Map<string, BoxFigures>();
  const add = (figures: Readonly<Record<string, { amount: string; tax: string }>>) => {
    for (const [box, v] of Object.entries(figures)) {
      const r = reported.get(box) ?? { amount: 0n, tax: 0n };
      reported.set(box, { amount: r.amount + toMils(v.amount), tax: r.tax + toMils(v.tax) });
    }
  };
  add(f.posted);
  for (const later of filed) for (const c of later.corrections) if (c.returnId === f.returnId) add(c.posted);
  return reported;
}

/** The range's figures per box: through its last day less through the day before its first. */
async function rangeMovement(companyId: string, ctx: ReportContext<ReturnFigureReads>, range: Range): Promise<Map<string, BoxFigures>> {
  const [before, through] = await balancesAround(companyId, ctx, range, { kind: 'taxes' });
  return movement(through, before);
}

/**
 * Saudi Arabia's form takes the corrections of earlier returns in one box; the FTA's takes them in
 * each box's adjustment column, which the layout does not hold: there they are added to the net due.
 */
const CORRECTIONS_BOX: Partial<Record<TaxJurisdiction, string>> = { SA: '14' };

/** The net tax of figures by box, as the form settles them (its last box). */
const netTax = (layout: readonly ReturnBox[], posted: ReadonlyMap<string, BoxFigures>) => boxFigures(layout, posted).get(layout.at(-1)!.id)!.tax;

/** The answer: the form's boxes with the corrections' net in its corrections box, the net due, and the corrections return by return. */
export function returnView(ctx: ReportContext<ReturnFigureReads>, settings: SettingsRecord, jurisdiction: TaxJurisdiction, range: Range, figures: ReturnFigures, knownAt: string | null = null): VatReturn {
  const layout = RETURN_LAYOUTS[jurisdiction];
  const fixed = formatter(ctx);
  const corrected = figures.corrections.map((c) => ({ ...c, netTax: netTax(layout, c.posted) }));
  const correctionsTax = corrected.reduce((sum, c) => sum + c.netTax, 0n);
  const box = CORRECTIONS_BOX[jurisdiction];
  const creditBox = CARRIED_CREDIT_BOX[jurisdiction];
  const entered = { ...(box ? { [box]: correctionsTax } : {}), ...(creditBox && figures.carried ? { [creditBox]: figures.carried.tax } : {}) };
  const boxes = boxFigures(layout, figures.posted, entered);
  const net = boxes.get(layout.at(-1)!.id)!.tax + (box ? 0n : correctionsTax);
  const shown = (posted: ReadonlyMap<string, BoxFigures>) => [...posted].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })).map(([id, f]) => ({ box: id, amount: fixed(f.amount), tax: fixed(f.tax) }));
  return {
    dateFrom: range.from,
    dateTo: range.to,
    knownAt,
    jurisdiction,
    taxRegistrationNumber: settings.taxRegistrationNumber,
    currency: ctx.currency,
    boxes: layout.map((b) => {
      const f = boxes.get(b.id)!;
      return { box: b.id, name: b.name, side: b.side, amount: b.amount ? fixed(f.amount) : null, tax: b.tax ? fixed(f.tax) : null };
    }),
    corrections: corrected.map((c) => ({ returnId: c.filed.returnId, dateFrom: c.filed.dateFrom, dateTo: c.filed.dateTo, boxes: shown(c.posted), netTax: fixed(c.netTax), journals: null })),
    creditCarriedForward: figures.carried && { returnId: figures.carried.from.returnId, dateFrom: figures.carried.from.dateFrom, dateTo: figures.carried.from.dateTo, tax: fixed(figures.carried.tax) },
    netDue: fixed(net),
  };
}

type Range = { from: string; to: string };

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
 * summed it, a total as the sum of its boxes, the net as due less recoverable tax, a box entered
 * when filing as `entered` gives it (corrections, credit carried forward), else 0. Columns the
 * form lacks count as 0 in the totals.
 */
export function boxFigures(layout: readonly ReturnBox[], posted: ReadonlyMap<string, BoxFigures>, entered: Readonly<Record<string, bigint>> = {}): Map<string, BoxFigures> {
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
      // Corrections of earlier returns and credit carried forward where the form has a box for them, else 0.
      figures.set(box.id, { amount: 0n, tax: entered[box.id] ?? 0n });
    }
  }
  return figures;
}
