import { readFileSync } from 'node:fs';
import { confusablesMap } from 'confusables';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latinLookAlikesSource, TABLE_FILE } from '../../../infra/bundling/generate-latin-look-alikes.ts';
import { foldForLookAlikes, lookAlikeForm } from '../../../shared/text/look-alike-form.ts';

/**
 * Every assigned Unicode scalar value, one string each, and of the unassigned and private-use
 * ones (about 950,000, which no normalisation, case or confusable maps) every 97th; with
 * LOOK_ALIKE_EVERY_CHARACTER=1 all of them.
 */
const EVERY = process.env.LOOK_ALIKE_EVERY_CHARACTER === '1';
const UNMAPPED = /[\p{Cn}\p{Co}]/u;
function* everyCharacter() {
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCodePoint(code);
    if (EVERY || code % 97 === 0 || !UNMAPPED.test(char)) yield char;
  }
}

const same = (a: string, b: string) => lookAlikeForm(a) === lookAlikeForm(b);

describe('the look-alike form codes and names are compared in', () => {
  it('makes compatibility characters, case and confusable letters meet', () => {
    expect(same('\uFF14\uFF12', '42')).toBe(true); // fullwidth
    expect(same('\u04101', 'A1')).toBe(true); // Cyrillic А
    expect(same('\u039Fwner', 'owner')).toBe(true); // Greek Ο
    expect(same('\u043Ewner', 'owner')).toBe(true); // Cyrillic о
    expect(same('OWNER', 'owner')).toBe(true);
    expect(same('Stra\u00DFe', 'STRASSE')).toBe(true);
    expect(same('\uFB01n', 'fin')).toBe(true); // ligature
    expect(same('\u2460', '1')).toBe(true); // circled digit
    expect(same('Caf\u00E9', 'cafe')).toBe(true);
  });

  it('reads Arabic digits as the digits they stand for and ignores harakat and ZWNJ', () => {
    expect(same('\u0661\u0660\u0661', '101')).toBe(true);
    expect(same('\u06F4\u06F2', '42')).toBe(true);
    expect(same('مُحَمَّد', 'محمد')).toBe(true);
    expect(same('حساب\u200Cجاری', 'حسابجاری')).toBe(true);
  });

  it('keeps apart what looks different', () => {
    expect(same('4101', '4102')).toBe(false);
    expect(same('A1', 'A2')).toBe(false);
    expect(same('owner', 'owners')).toBe(false);
    expect(same('l1', 'I1')).toBe(false);
    expect(same('صندوق', 'بنك')).toBe(false);
    expect(same('a b', 'ab')).toBe(false);
  });

  it('counts runs of white space as one space', () => {
    expect(same('Senior  clerk', 'senior clerk')).toBe(true);
  });

  it('changes nothing when applied to a form, so a form is the form of nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), (text) => {
        const form = lookAlikeForm(text);
        expect(lookAlikeForm(form)).toBe(form);
      }),
      { numRuns: 2000 },
    );
  });

  it('changes nothing when applied to the form of any single character, and yields at most 4 bytes for each NFKC-stable one', () => {
    const unstable: string[] = [];
    let widest = 0;
    for (const char of everyCharacter()) {
      const form = lookAlikeForm(char);
      if (lookAlikeForm(form) !== form) unstable.push(char);
      if (char.normalize('NFKC') === char) widest = Math.max(widest, Buffer.byteLength(form));
    }
    expect(unstable).toEqual([]);
    expect(widest).toBeLessThanOrEqual(4);
  });

  it('uses the confusables table as the package has it: the committed subset is generated, and reads as the whole table would', () => {
    expect(readFileSync(TABLE_FILE, 'utf8')).toBe(latinLookAlikesSource());
    const withWholeTable = (text: string) =>
      Array.from(foldForLookAlikes(text).replace(/[\p{M}\p{Default_Ignorable_Code_Point}]/gu, ''), (char) => (char < '\x80' ? char : (confusablesMap.get(char) ?? char)))
        .join('')
        .toLowerCase()
        .replace(/\s+/gu, ' ');
    const different: string[] = [];
    for (const char of everyCharacter()) if (lookAlikeForm(char) !== withWholeTable(char)) different.push(char);
    expect(different).toEqual([]);
    expect(lookAlikeForm('\u039F\u03A3')).toBe(withWholeTable('\u039F\u03A3')); // final sigma comes from case folding in context
  });

  it('leaves plain lower-case ASCII codes as they are, so edges written under raw codes still resolve', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9_-]{1,12}$/), (text) => {
        expect(lookAlikeForm(text)).toBe(text);
      }),
    );
  });
});
