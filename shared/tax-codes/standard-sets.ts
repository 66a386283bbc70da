import type { TaxJurisdiction } from '../companies/tax-registration.ts';
import type { TaxCodeRecord, TaxRate } from './records.ts';

/**
 * The tax codes a company of each jurisdiction loads in one call (pure data): one for every box of
 * its return a code may name (return-layouts.ts), plus the supplies and purchases the form has no
 * box for. Cross-checked against Odoo's l10n_sa and l10n_ae taxes and the boxes their tags fill.
 *
 * The caller supplies two accounts, the output VAT (payable) and the input VAT (recoverable):
 * `taxAccount` says which one a code's tax posts to, `reverseChargeAccount` which one takes the
 * self-assessed tax of a reverse charge, opposite, so the journal still balances.
 */
export interface StandardTaxCode {
  code: TaxCodeRecord['code'];
  name: TaxCodeRecord['name'];
  kind: TaxCodeRecord['kind'];
  direction: TaxCodeRecord['direction'];
  rates: readonly TaxRate[];
  baseBoxes: readonly string[];
  taxBoxes: readonly string[];
  taxAccount: 'output' | 'input' | null;
  reverseChargeAccount: 'output' | null;
}

/** Kinds without tax keep one "0" rate from VAT's first day, so every journal date finds a rate. */
const NO_TAX: readonly TaxRate[] = [{ effectiveFrom: '2018-01-01', percent: '0' }];
/** Saudi Arabia raised the standard rate from 5% to 15% on 1 July 2020. */
const SA_STANDARD: readonly TaxRate[] = [
  { effectiveFrom: '2018-01-01', percent: '5' },
  { effectiveFrom: '2020-07-01', percent: '15' },
];
const AE_STANDARD: readonly TaxRate[] = [{ effectiveFrom: '2018-01-01', percent: '5' }];

type Shape = Pick<StandardTaxCode, 'code' | 'name' | 'baseBoxes'>;
const untaxed = (kind: 'zeroRated' | 'exempt' | 'outOfScope', direction: StandardTaxCode['direction'], code: Shape): StandardTaxCode => ({
  ...code, kind, direction, rates: NO_TAX, taxBoxes: [], taxAccount: null, reverseChargeAccount: null,
});
const sales = (rates: readonly TaxRate[], code: Shape): StandardTaxCode => ({
  ...code, kind: 'standard', direction: 'supplies', rates, taxBoxes: code.baseBoxes, taxAccount: 'output', reverseChargeAccount: null,
});
const purchases = (kind: 'standard' | 'importsAtCustoms', rates: readonly TaxRate[], code: Shape): StandardTaxCode => ({
  ...code, kind, direction: 'purchases', rates, taxBoxes: code.baseBoxes, taxAccount: 'input', reverseChargeAccount: null,
});
/** The buyer's tax is recoverable (input) and due (output) at once. */
const reverseCharge = (rates: readonly TaxRate[], code: Shape & Pick<StandardTaxCode, 'taxBoxes'>): StandardTaxCode => ({
  ...code, kind: 'reverseCharge', direction: 'purchases', rates, taxAccount: 'input', reverseChargeAccount: 'output',
});

/**
 * ZATCA. Sales to citizens (box 2) carry no VAT on the invoice, the state bearing it, while the
 * supplier keeps its input tax: in effect zero rated, which is the kind used. Imported services
 * under the reverse charge put their base in box 9 and their tax in no box: the form nets the tax
 * due against the tax recovered (its box 9 VAT column holds only corrections; Odoo tags both of
 * the tax's postings +9 so they cancel), and counting it as recoverable alone would understate the
 * net due.
 */
const SA: readonly StandardTaxCode[] = [
  sales(SA_STANDARD, { code: 'S-STD', name: { english: 'Standard rated sales', arabic: 'المبيعات الخاضعة للنسبة الأساسية' }, baseBoxes: ['1'] }),
  untaxed('zeroRated', 'supplies', { code: 'S-CIT', name: { english: 'Private healthcare / education sales to citizens (VAT borne by the state)', arabic: 'المبيعات للمواطنين: الخدمات الصحية الخاصة / التعليم الأهلي (تتحمل الدولة الضريبة)' }, baseBoxes: ['2'] }),
  untaxed('zeroRated', 'supplies', { code: 'S-ZR', name: { english: 'Zero rated domestic sales', arabic: 'المبيعات المحلية الخاضعة للنسبة الصفرية' }, baseBoxes: ['3'] }),
  untaxed('zeroRated', 'supplies', { code: 'S-EXP', name: { english: 'Exports', arabic: 'الصادرات' }, baseBoxes: ['4'] }),
  untaxed('exempt', 'supplies', { code: 'S-EXM', name: { english: 'Exempt sales', arabic: 'المبيعات المعفاة' }, baseBoxes: ['5'] }),
  untaxed('outOfScope', 'supplies', { code: 'S-OOS', name: { english: 'Sales out of the scope of VAT', arabic: 'مبيعات خارج نطاق ضريبة القيمة المضافة' }, baseBoxes: [] }),
  purchases('standard', SA_STANDARD, { code: 'P-STD', name: { english: 'Standard rated domestic purchases', arabic: 'المشتريات الخاضعة للنسبة الأساسية' }, baseBoxes: ['7'] }),
  purchases('importsAtCustoms', SA_STANDARD, { code: 'P-IMP', name: { english: 'Imports, VAT paid at customs', arabic: 'الاستيرادات التي تدفع ضريبتها في الجمارك' }, baseBoxes: ['8'] }),
  reverseCharge(SA_STANDARD, { code: 'P-RC', name: { english: 'Imported services, reverse charge', arabic: 'الخدمات المستوردة بآلية الاحتساب العكسي' }, baseBoxes: ['9'], taxBoxes: [] }),
  untaxed('zeroRated', 'purchases', { code: 'P-ZR', name: { english: 'Zero rated purchases', arabic: 'المشتريات الخاضعة للنسبة الصفرية' }, baseBoxes: ['10'] }),
  untaxed('exempt', 'purchases', { code: 'P-EXM', name: { english: 'Exempt purchases', arabic: 'المشتريات المعفاة' }, baseBoxes: ['11'] }),
  untaxed('outOfScope', 'purchases', { code: 'P-OOS', name: { english: 'Purchases out of the scope of VAT', arabic: 'مشتريات خارج نطاق ضريبة القيمة المضافة' }, baseBoxes: [] }),
];

/**
 * The FTA. Standard rated supplies name box 1 and count in the row of the line's Emirate. A tourist
 * refund is a standard rated line of negative amounts in box 2 (it gives output tax back). Reverse
 * charges count in a due box (3 for services and other supplies, 6 for goods imported under the
 * company's TRN) and in box 10, recoverable. The form has no box for zero rated, exempt or
 * out-of-scope purchases, nor for out-of-scope supplies.
 */
const AE: readonly StandardTaxCode[] = [
  sales(AE_STANDARD, { code: 'S-STD', name: { english: 'Standard rated supplies', arabic: 'التوريدات الخاضعة للنسبة الأساسية' }, baseBoxes: ['1'] }),
  sales(AE_STANDARD, { code: 'S-TRS', name: { english: 'Tax refunds to tourists (Tax Refunds for Tourists Scheme)', arabic: 'الاستردادات الضريبية المقدمة للسياح بموجب نظام رد الضريبة للسياح' }, baseBoxes: ['2'] }),
  untaxed('zeroRated', 'supplies', { code: 'S-ZR', name: { english: 'Zero rated supplies', arabic: 'التوريدات الخاضعة لنسبة الصفر' }, baseBoxes: ['4'] }),
  untaxed('zeroRated', 'supplies', { code: 'S-EXP', name: { english: 'Exports (zero rated)', arabic: 'الصادرات (خاضعة لنسبة الصفر)' }, baseBoxes: ['4'] }),
  untaxed('exempt', 'supplies', { code: 'S-EXM', name: { english: 'Exempt supplies', arabic: 'التوريدات المعفاة' }, baseBoxes: ['5'] }),
  untaxed('outOfScope', 'supplies', { code: 'S-OOS', name: { english: 'Supplies out of the scope of VAT', arabic: 'توريدات خارج نطاق ضريبة القيمة المضافة' }, baseBoxes: [] }),
  purchases('standard', AE_STANDARD, { code: 'P-STD', name: { english: 'Standard rated expenses', arabic: 'النفقات الخاضعة للنسبة الأساسية' }, baseBoxes: ['9'] }),
  reverseCharge(AE_STANDARD, { code: 'P-RC', name: { english: 'Supplies subject to the reverse charge', arabic: 'التوريدات الخاضعة لأحكام الاحتساب العكسي' }, baseBoxes: ['3', '10'], taxBoxes: ['3', '10'] }),
  reverseCharge(AE_STANDARD, { code: 'P-IMP', name: { english: 'Goods imported into the UAE, reverse charge', arabic: 'السلع المستوردة إلى الدولة بآلية الاحتساب العكسي' }, baseBoxes: ['6', '10'], taxBoxes: ['6', '10'] }),
  untaxed('zeroRated', 'purchases', { code: 'P-ZR', name: { english: 'Zero rated purchases', arabic: 'المشتريات الخاضعة لنسبة الصفر' }, baseBoxes: [] }),
  untaxed('exempt', 'purchases', { code: 'P-EXM', name: { english: 'Exempt purchases', arabic: 'المشتريات المعفاة' }, baseBoxes: [] }),
  untaxed('outOfScope', 'purchases', { code: 'P-OOS', name: { english: 'Purchases out of the scope of VAT', arabic: 'مشتريات خارج نطاق ضريبة القيمة المضافة' }, baseBoxes: [] }),
];

export const STANDARD_TAX_CODES: Readonly<Record<TaxJurisdiction, readonly StandardTaxCode[]>> = { SA, AE };
