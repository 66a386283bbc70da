import { describe, expect, it } from 'vitest';
import { EMIRATES, TAX_JURISDICTIONS, type TaxJurisdiction } from '../../../shared/companies/tax-registration.ts';
import { ValidationError } from '../../../shared/errors.ts';
import { BilingualName, Code } from '../../../shared/schemas/common.ts';
import { TAX_KINDS } from '../../../shared/schemas/tax-code-values.ts';
import type { TaxKind } from '../../../shared/tax-codes/records.ts';
import { assignableBoxIds, boxFor, RETURN_LAYOUTS, type ReturnBox } from '../../../shared/tax-codes/return-layouts.ts';
import { STANDARD_TAX_CODES, type StandardTaxCode } from '../../../shared/tax-codes/standard-sets.ts';

/**
 * Each rule is a function listing what breaks it, run on the real sets (nothing) and on a copy
 * broken on purpose (the breach named), so every assertion is shown able to fail.
 */

/** The kinds that put no tax on a line (schemas/tax-code-values.ts says what each kind means). */
const UNTAXED: readonly TaxKind[] = ['zeroRated', 'exempt', 'outOfScope'];

type Codes = readonly StandardTaxCode[];
type Layout = readonly ReturnBox[];

function unknownOrComputedBoxes(codes: Codes, layout: Layout): string[] {
  const assignable = new Set(layout.filter((box) => box.assignable).map((box) => box.id));
  return codes.flatMap((c) => [...c.baseBoxes, ...c.taxBoxes].filter((id) => !assignable.has(id)).map((id) => `${c.code}: box ${id}`));
}

function badCodes(codes: Codes): string[] {
  const seen = new Set<string>();
  return codes.flatMap((c) => {
    const problems: string[] = [];
    if (seen.has(c.code)) problems.push(`${c.code}: twice`);
    seen.add(c.code);
    const parsed = Code().safeParse(c.code);
    if (!parsed.success || parsed.data !== c.code) problems.push(`${c.code}: not a Code`);
    if (!/^[A-Z0-9-]{1,8}$/.test(c.code)) problems.push(`${c.code}: not short uppercase letters, digits and '-'`);
    return problems;
  });
}

function badNames(codes: Codes | Layout): string[] {
  return codes.flatMap((c) => {
    const parsed = BilingualName().safeParse(c.name);
    const unchanged = parsed.success && parsed.data.arabic === c.name.arabic && parsed.data.english === c.name.english;
    return unchanged ? [] : [`${'code' in c ? c.code : c.id}: name`];
  });
}

function badTaxes(codes: Codes): string[] {
  return codes.flatMap((c) => {
    const untaxed = UNTAXED.includes(c.kind);
    const problems: string[] = [];
    if (untaxed && (c.rates.some((r) => r.percent !== '0') || c.taxAccount !== null || c.reverseChargeAccount !== null || c.taxBoxes.length > 0)) problems.push(`${c.code}: untaxed kind with a tax`);
    if (!untaxed && c.taxAccount !== (c.direction === 'supplies' ? 'output' : 'input')) problems.push(`${c.code}: tax account`);
    if (!untaxed && c.rates.every((r) => r.percent === '0')) problems.push(`${c.code}: taxed kind without a rate`);
    if ((c.kind === 'reverseCharge') !== (c.reverseChargeAccount === 'output')) problems.push(`${c.code}: reverse-charge account`);
    return problems;
  });
}

function badRates(codes: Codes): string[] {
  return codes.flatMap((c) => {
    const dates = c.rates.map((r) => r.effectiveFrom);
    const sorted = dates.length > 0 && dates.every((d, i) => i === 0 || dates[i - 1]! < d);
    const wellFormed = c.rates.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.effectiveFrom) && !Number.isNaN(Date.parse(r.effectiveFrom)) && /^\d+(\.\d+)?$/.test(r.percent));
    return sorted && wellFormed && dates[0] === '2018-01-01' ? [] : [`${c.code}: rates`];
  });
}

/** Codes of purchases name purchase boxes, of supplies supply boxes; a reverse charge names both sides for its tax, or neither. */
function boxesOnTheWrongSide(codes: Codes, layout: Layout): string[] {
  const side = new Map(layout.map((box) => [box.id, box.side]));
  return codes.flatMap((c) => {
    if (c.kind === 'reverseCharge') {
      const sides = new Set(c.taxBoxes.map((id) => side.get(id)));
      return sides.size === 0 || (sides.has('supplies') && sides.has('purchases')) ? [] : [`${c.code}: reverse charge due or recoverable only`];
    }
    return [...c.baseBoxes, ...c.taxBoxes].filter((id) => side.get(id) !== c.direction).map((id) => `${c.code}: box ${id}`);
  });
}

function uncoveredBoxes(codes: Codes, layout: Layout): string[] {
  const named = new Set(codes.flatMap((c) => [...c.baseBoxes, ...c.taxBoxes]));
  return layout.filter((box) => box.assignable && !named.has(box.id)).map((box) => box.id);
}

/** Computed boxes name boxes earlier on the form (so nothing is computed from itself); Emirate rows are what a box maps an Emirate to. */
function badComputations(layout: Layout): string[] {
  const before = (id: string) => layout.slice(0, layout.findIndex((box) => box.id === id)).map((box) => box.id);
  const ids = layout.map((box) => box.id);
  const emirateRows = layout.flatMap((box) => (box.assignable && box.emirateBoxes ? Object.values(box.emirateBoxes) : []));
  const problems = ids.filter((id, i) => ids.indexOf(id) !== i).map((id) => `box ${id} twice`);
  for (const box of layout) {
    if (box.assignable) continue;
    const c = box.computed;
    const named = 'sumOf' in c ? c.sumOf : c.rule === 'net' ? [...c.plus, ...c.minus] : [];
    if (('sumOf' in c || c.rule === 'net') && named.length === 0) problems.push(`box ${box.id}: computed from nothing`);
    problems.push(...named.filter((id) => !before(box.id).includes(id)).map((id) => `box ${box.id}: names ${id}`));
    if ('rule' in c && c.rule === 'emirate' && !emirateRows.includes(box.id)) problems.push(`box ${box.id}: no Emirate maps to it`);
  }
  return problems;
}

const each = (check: (codes: Codes, layout: Layout) => string[]) => TAX_JURISDICTIONS.flatMap((j) => check(STANDARD_TAX_CODES[j], RETURN_LAYOUTS[j]).map((p) => `${j} ${p}`));
const code = (jurisdiction: TaxJurisdiction, name: string) => STANDARD_TAX_CODES[jurisdiction].find((c) => c.code === name)!;

describe('the standard tax codes', () => {
  it('name only boxes of their return that a code may name', () => expect(each(unknownOrComputedBoxes)).toEqual([]));
  it('are unique and accepted as codes', () => expect(each(badCodes)).toEqual([]));
  it('have names accepted as bilingual names, as have the boxes', () => {
    expect(each(badNames)).toEqual([]);
    expect(each((_, layout) => badNames(layout))).toEqual([]);
  });
  it('tax only the taxed kinds, each posting to the account of its side, a reverse charge to both', () => expect(each(badTaxes)).toEqual([]));
  it('keep their rates from 2018-01-01 on, sorted by effectiveFrom', () => expect(each(badRates)).toEqual([]));
  it('name the boxes of their side of the return', () => expect(each(boxesOnTheWrongSide)).toEqual([]));
  it('cover every box a code may name', () => expect(each(uncoveredBoxes)).toEqual([]));
  it('use every kind between them', () => expect(new Set(TAX_JURISDICTIONS.flatMap((j) => STANDARD_TAX_CODES[j].map((c) => c.kind))).size).toBe(TAX_KINDS.length));

  it('count a reverse charge as due and recoverable in the UAE, and net it in Saudi Arabia', () => {
    expect(code('AE', 'P-RC')).toMatchObject({ baseBoxes: ['3', '10'], taxBoxes: ['3', '10'] });
    expect(code('AE', 'P-IMP')).toMatchObject({ baseBoxes: ['6', '10'], taxBoxes: ['6', '10'] });
    expect(code('SA', 'P-RC')).toMatchObject({ baseBoxes: ['9'], taxBoxes: [], taxAccount: 'input', reverseChargeAccount: 'output' });
  });

  it('raise the Saudi standard rate to 15% on 2020-07-01', () => {
    expect(code('SA', 'S-STD').rates).toEqual([{ effectiveFrom: '2018-01-01', percent: '5' }, { effectiveFrom: '2020-07-01', percent: '15' }]);
    expect(code('AE', 'S-STD').rates).toEqual([{ effectiveFrom: '2018-01-01', percent: '5' }]);
  });
});

describe('the return layouts', () => {
  it('compute boxes from earlier boxes only, each box once', () => expect(TAX_JURISDICTIONS.flatMap((j) => badComputations(RETURN_LAYOUTS[j]))).toEqual([]));

  it('number the forms as printed', () => {
    expect(RETURN_LAYOUTS.SA.map((box) => box.id)).toEqual(Array.from({ length: 16 }, (_, i) => String(i + 1)));
    expect(RETURN_LAYOUTS.AE.map((box) => box.id)).toEqual(['1', '1a', '1b', '1c', '1d', '1e', '1f', '1g', ...Array.from({ length: 13 }, (_, i) => String(i + 2))]);
  });

  it('list the boxes a code may name', () => {
    expect(assignableBoxIds('SA')).toEqual(['1', '2', '3', '4', '5', '7', '8', '9', '10', '11']);
    expect(assignableBoxIds('AE')).toEqual(['1', '2', '3', '4', '5', '6', '9', '10']);
  });

  it("put the UAE's standard rated supplies in the row of the line's Emirate", () => {
    expect(EMIRATES.map((emirate) => boxFor('AE', '1', emirate))).toEqual(['1a', '1b', '1c', '1d', '1e', '1f', '1g']);
    expect(() => boxFor('AE', '1', null)).toThrow(ValidationError);
    expect(boxFor('AE', '9', null)).toBe('9');
    expect(boxFor('SA', '1', null)).toBe('1');
  });

  it('refuse a box no code may name', () => {
    expect(() => boxFor('SA', '13', null)).toThrow(/not one a tax code may name/);
    expect(() => boxFor('AE', '1a', 'DU')).toThrow(/not one a tax code may name/);
    expect(() => boxFor('AE', '99', null)).toThrow(/not one a tax code may name/);
  });
});

describe('the checks catch', () => {
  const sa = STANDARD_TAX_CODES.SA;
  const change = (name: string, patch: Partial<StandardTaxCode>): Codes => sa.map((c) => (c.code === name ? { ...c, ...patch } : c));
  const layout = RETURN_LAYOUTS.SA;

  it('a box that is computed or missing', () => {
    expect(unknownOrComputedBoxes(change('S-STD', { baseBoxes: ['6'] }), layout)).toEqual(['S-STD: box 6']);
    expect(unknownOrComputedBoxes(change('S-STD', { taxBoxes: ['1b'] }), layout)).toEqual(['S-STD: box 1b']);
  });
  it('a code twice, or not a code', () => {
    expect(badCodes(change('S-ZR', { code: 'S-STD' }))).toEqual(['S-STD: twice']);
    expect(badCodes(change('S-ZR', { code: 'S.ZR' }))).toEqual(['S.ZR: not a Code', "S.ZR: not short uppercase letters, digits and '-'"]);
    expect(badCodes(change('S-ZR', { code: 's-zr' }))).toEqual(["s-zr: not short uppercase letters, digits and '-'"]);
  });
  it('a name that is not a bilingual name', () => {
    expect(badNames(change('S-ZR', { name: { english: 'Zero rated', arabic: ' ' } }))).toEqual(['S-ZR: name']);
    expect(badNames(change('S-ZR', { name: { english: ' Zero rated', arabic: 'صفر' } }))).toEqual(['S-ZR: name']);
  });
  it('a tax on an untaxed kind, a taxed kind without its account or rate', () => {
    expect(badTaxes(change('S-ZR', { rates: [{ effectiveFrom: '2018-01-01', percent: '5' }] }))).toEqual(['S-ZR: untaxed kind with a tax']);
    expect(badTaxes(change('P-EXM', { taxAccount: 'input' }))).toEqual(['P-EXM: untaxed kind with a tax']);
    expect(badTaxes(change('S-STD', { taxAccount: null }))).toEqual(['S-STD: tax account']);
    expect(badTaxes(change('P-STD', { taxAccount: 'output' }))).toEqual(['P-STD: tax account']);
    expect(badTaxes(change('P-STD', { rates: [{ effectiveFrom: '2018-01-01', percent: '0' }] }))).toEqual(['P-STD: taxed kind without a rate']);
    expect(badTaxes(change('P-RC', { reverseChargeAccount: null }))).toEqual(['P-RC: reverse-charge account']);
  });
  it('rates out of order, malformed or starting late', () => {
    const [five, fifteen] = code('SA', 'S-STD').rates;
    expect(badRates(change('S-STD', { rates: [fifteen!, five!] }))).toEqual(['S-STD: rates']);
    expect(badRates(change('S-STD', { rates: [five!, { ...fifteen!, effectiveFrom: '2020-7-1' }] }))).toEqual(['S-STD: rates']);
    expect(badRates(change('S-STD', { rates: [fifteen!] }))).toEqual(['S-STD: rates']);
    expect(badRates(change('S-STD', { rates: [] }))).toEqual(['S-STD: rates']);
  });
  it('a box of the other side, a reverse charge counted on one side only', () => {
    expect(boxesOnTheWrongSide(change('P-STD', { baseBoxes: ['1'] }), layout)).toEqual(['P-STD: box 1']);
    expect(boxesOnTheWrongSide(change('P-RC', { taxBoxes: ['9'] }), layout)).toEqual(['P-RC: reverse charge due or recoverable only']);
  });
  it('a box no code names', () => {
    expect(uncoveredBoxes(sa.filter((c) => c.code !== 'S-CIT'), layout)).toEqual(['2']);
    expect(uncoveredBoxes(STANDARD_TAX_CODES.AE.filter((c) => c.code !== 'S-STD'), RETURN_LAYOUTS.AE)).toEqual(['1']);
  });
  it('a computation naming a later or missing box, nothing, or a box twice', () => {
    const recomputed = (id: string, computed: ReturnBox & { assignable: false }) => layout.map((box) => (box.id === id ? computed : box));
    const six = layout.find((box) => box.id === '6')!;
    expect(badComputations(recomputed('6', { ...six, assignable: false, computed: { sumOf: ['1', '7', '42'] } }))).toEqual(['box 6: names 7', 'box 6: names 42']);
    expect(badComputations(recomputed('6', { ...six, assignable: false, computed: { sumOf: [] } }))).toEqual(['box 6: computed from nothing']);
    expect(badComputations(recomputed('6', { ...six, assignable: false, computed: { rule: 'emirate' } }))).toEqual(['box 6: no Emirate maps to it']);
    expect(badComputations([...layout, layout[0]!])).toEqual(['box 1 twice']);
  });
});
