import { ValidationError } from '../errors.ts';
import type { Emirate, TaxJurisdiction } from '../companies/tax-registration.ts';

/**
 * The boxes of each jurisdiction's VAT return, in form order (pure data). Tax codes name the
 * assignable boxes their base and tax count in; the others the return computes. Numbers and
 * wording: ZATCA's VAT return (boxes 1–16) and the FTA's VAT 201 (boxes 1a–14), as Odoo's l10n_sa
 * and l10n_ae tax reports and ERPNext's UAE VAT 201 report lay them out. The forms' adjustment
 * column (corrections to earlier periods' figures) is not modelled.
 */

/**
 * How a computed box gets its figures:
 * - sumOf: each of its columns, the sum of that column over the named (earlier) boxes;
 * - net: its tax, the tax of the `plus` boxes less that of the `minus` boxes (due less recoverable);
 * - emirate: filled by the lines of codes naming the box whose `emirateBoxes` maps the line's Emirate here;
 * - corrections: entered when filing (the ledger does not hold them: corrections to earlier
 *   returns, or to the figures the authority pre-fills);
 * - carriedForward: the credit the previous return carried forward.
 */
export type BoxComputation =
  | { sumOf: readonly string[] }
  | { rule: 'net'; plus: readonly string[]; minus: readonly string[] }
  | { rule: 'emirate' | 'corrections' | 'carriedForward' };

interface BoxShape {
  /** As printed on the form: '1', '1a', '13'. */
  id: string;
  name: { arabic: string; english: string };
  /** Supplies (output, due), purchases (input, recoverable), or the net that settles the two. */
  side: 'supplies' | 'purchases' | 'net';
  /** Whether the form has the box's amount (the base, net of VAT) and its VAT amount. */
  amount: boolean;
  tax: boolean;
}

export type ReturnBox =
  | (BoxShape & {
      assignable: true;
      /** The UAE's box 1: a code names it, and the line's Emirate picks 1a–1g (see boxFor). */
      emirateBoxes?: Readonly<Record<Emirate, string>>;
    })
  | (BoxShape & { assignable: false; computed: BoxComputation });

type Name = ReturnBox['name'];
const named = (english: string, arabic: string): Name => ({ arabic, english });

/** Shorthands keeping each form one box a line. */
const assignable = (id: string, side: 'supplies' | 'purchases', name: Name, columns: { amount?: boolean; tax?: boolean } = {}, emirateBoxes?: Readonly<Record<Emirate, string>>): ReturnBox => ({
  id, name, side, amount: columns.amount ?? true, tax: columns.tax ?? true, assignable: true, ...(emirateBoxes && { emirateBoxes }),
});
const computed = (id: string, side: ReturnBox['side'], name: Name, computation: BoxComputation, columns: { amount?: boolean; tax?: boolean } = {}): ReturnBox => ({
  id, name, side, amount: columns.amount ?? true, tax: columns.tax ?? true, assignable: false, computed: computation,
});
const AMOUNT_ONLY = { tax: false };
const TAX_ONLY = { amount: false };

/**
 * ZATCA. Box 2's VAT is borne by the state (the invoice to the citizen carries none), so the box
 * has no VAT column. The self-assessed tax of box 9 is due and recoverable at once: the form's VAT
 * column there holds only corrections, and no sales box takes it (standard-sets.ts).
 */
const SA: readonly ReturnBox[] = [
  assignable('1', 'supplies', named('Standard rated sales', 'المبيعات الخاضعة للنسبة الأساسية')),
  assignable('2', 'supplies', named('Private healthcare / private education sales to citizens', 'المبيعات للمواطنين (الخدمات الصحية الخاصة / التعليم الأهلي الخاص)'), AMOUNT_ONLY),
  assignable('3', 'supplies', named('Zero rated domestic sales', 'المبيعات المحلية الخاضعة للنسبة الصفرية'), AMOUNT_ONLY),
  assignable('4', 'supplies', named('Exports', 'الصادرات'), AMOUNT_ONLY),
  assignable('5', 'supplies', named('Exempt sales', 'المبيعات المعفاة'), AMOUNT_ONLY),
  computed('6', 'supplies', named('Total sales', 'إجمالي المبيعات'), { sumOf: ['1', '2', '3', '4', '5'] }),
  assignable('7', 'purchases', named('Standard rated domestic purchases', 'المشتريات الخاضعة للنسبة الأساسية')),
  assignable('8', 'purchases', named('Imports subject to VAT paid at customs', 'الاستيرادات الخاضعة لضريبة القيمة المضافة بالنسبة الأساسية والتي تدفع في الجمارك')),
  assignable('9', 'purchases', named('Imports subject to VAT accounted for through reverse charge mechanism', 'الاستيرادات الخاضعة لضريبة القيمة المضافة التي تطبق عليها آلية الاحتساب العكسي')),
  assignable('10', 'purchases', named('Zero rated purchases', 'المشتريات الخاضعة للنسبة الصفرية'), AMOUNT_ONLY),
  assignable('11', 'purchases', named('Exempt purchases', 'المشتريات المعفاة'), AMOUNT_ONLY),
  computed('12', 'purchases', named('Total purchases', 'إجمالي المشتريات'), { sumOf: ['7', '8', '9', '10', '11'] }),
  computed('13', 'net', named('Total VAT due for current period', 'إجمالي ضريبة القيمة المضافة المستحقة عن الفترة الحالية'), { rule: 'net', plus: ['6'], minus: ['12'] }, TAX_ONLY),
  computed('14', 'net', named('Corrections from previous period (between ±5,000 SAR)', 'تصحيحات من الفترة السابقة (بين ±5,000 ريال)'), { rule: 'corrections' }, TAX_ONLY),
  computed('15', 'net', named('VAT credit carried forward from previous period(s)', 'ضريبة القيمة المضافة المرحلة من الفترة / الفترات السابقة'), { rule: 'carriedForward' }, TAX_ONLY),
  computed('16', 'net', named('Net VAT due (or claimed)', 'صافي ضريبة القيمة المضافة المستحقة (أو المطالب بها)'), { rule: 'net', plus: ['13', '14'], minus: ['15'] }, TAX_ONLY),
];

/** The Emirates in the FTA's order, which is the order of boxes 1a–1g. */
const EMIRATE_BOXES: Readonly<Record<Emirate, string>> = { AZ: '1a', DU: '1b', SH: '1c', AJ: '1d', UQ: '1e', RK: '1f', FU: '1g' };
const EMIRATE_NAMES: Readonly<Record<Emirate, Name>> = {
  AZ: named('Abu Dhabi', 'أبوظبي'),
  DU: named('Dubai', 'دبي'),
  SH: named('Sharjah', 'الشارقة'),
  AJ: named('Ajman', 'عجمان'),
  UQ: named('Umm Al Quwain', 'أم القيوين'),
  RK: named('Ras Al Khaimah', 'رأس الخيمة'),
  FU: named('Fujairah', 'الفجيرة'),
};
const EMIRATE_ROWS = (Object.keys(EMIRATE_BOXES) as Emirate[]).map((emirate) =>
  computed(EMIRATE_BOXES[emirate], 'supplies', named(`Standard rated supplies in ${EMIRATE_NAMES[emirate].english}`, `التوريدات الخاضعة للنسبة الأساسية في ${EMIRATE_NAMES[emirate].arabic}`), { rule: 'emirate' }),
);

/**
 * The FTA. Box 1 is a heading: codes name it and each line counts in its Emirate's row. Box 6 is
 * pre-filled from the customs declarations made under the company's TRN, box 7 corrects it when
 * filing. Imports and other reverse-charge supplies count as due (3, 6) and recoverable (10).
 */
const AE: readonly ReturnBox[] = [
  assignable('1', 'supplies', named('Standard rated supplies', 'التوريدات الخاضعة للنسبة الأساسية'), { amount: false, tax: false }, EMIRATE_BOXES),
  ...EMIRATE_ROWS,
  assignable('2', 'supplies', named('Tax refunds provided to tourists under the Tax Refunds for Tourists Scheme', 'الاستردادات الضريبية المقدمة للسياح بموجب نظام رد الضريبة للسياح')),
  assignable('3', 'supplies', named('Supplies subject to the reverse charge provisions', 'التوريدات الخاضعة لأحكام الاحتساب العكسي')),
  assignable('4', 'supplies', named('Zero rated supplies', 'التوريدات الخاضعة لنسبة الصفر'), AMOUNT_ONLY),
  assignable('5', 'supplies', named('Exempt supplies', 'التوريدات المعفاة'), AMOUNT_ONLY),
  assignable('6', 'supplies', named('Goods imported into the UAE', 'السلع المستوردة إلى دولة الإمارات العربية المتحدة')),
  computed('7', 'supplies', named('Adjustments to goods imported into the UAE', 'تسويات على سلع مستوردة إلى دولة الإمارات العربية المتحدة'), { rule: 'corrections' }),
  computed('8', 'supplies', named('Totals', 'المجاميع'), { sumOf: [...Object.values(EMIRATE_BOXES), '2', '3', '4', '5', '6', '7'] }),
  assignable('9', 'purchases', named('Standard rated expenses', 'النفقات الخاضعة للنسبة الأساسية')),
  assignable('10', 'purchases', named('Supplies subject to the reverse charge provisions', 'التوريدات الخاضعة لأحكام الاحتساب العكسي')),
  computed('11', 'purchases', named('Totals', 'المجاميع'), { sumOf: ['9', '10'] }),
  computed('12', 'net', named('Total value of due tax for the period', 'إجمالي قيمة الضريبة المستحقة عن الفترة'), { sumOf: ['8'] }, TAX_ONLY),
  computed('13', 'net', named('Total value of recoverable tax for the period', 'إجمالي قيمة الضريبة القابلة للاسترداد عن الفترة'), { sumOf: ['11'] }, TAX_ONLY),
  computed('14', 'net', named('Payable tax for the period', 'الضريبة واجبة السداد عن الفترة'), { rule: 'net', plus: ['12'], minus: ['13'] }, TAX_ONLY),
];

export const RETURN_LAYOUTS: Readonly<Record<TaxJurisdiction, readonly ReturnBox[]>> = { SA, AE };

/** The boxes a tax code may name as its base or tax boxes, in form order. */
export function assignableBoxIds(jurisdiction: TaxJurisdiction): string[] {
  return RETURN_LAYOUTS[jurisdiction].filter((box) => box.assignable).map((box) => box.id);
}

/**
 * The form box a line's base or tax counts in, for a box its tax code names: the box itself, or
 * for the UAE's box 1 the row of the line's Emirate (the line's, else the company's default).
 * Errors: ValidationError naming `emirate` when the box needs one and there is none; a box that
 * is not assignable is a broken tax code (checked when the code was saved), so a plain Error.
 */
export function boxFor(jurisdiction: TaxJurisdiction, boxId: string, emirate: Emirate | null): string {
  const box = RETURN_LAYOUTS[jurisdiction].find((b) => b.id === boxId);
  if (!box?.assignable) throw new Error(`${jurisdiction} VAT return box ${boxId} is not one a tax code may name`);
  if (!box.emirateBoxes) return box.id;
  if (emirate === null) throw ValidationError.field('emirate', `is needed for box ${boxId} of the VAT return: its supplies count in the row of their Emirate (set the line's emirate or the company's defaultEmirate)`);
  return box.emirateBoxes[emirate];
}
