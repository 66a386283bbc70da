import { describe, expect, it } from 'vitest';
import { CODE_TEXT, invisibleCharacterProblem, lengthProblem, NAME_TEXT } from '../../../shared/text/text-rules.ts';

const code = (text: string) => invisibleCharacterProblem(text, CODE_TEXT);
const name = (text: string) => invisibleCharacterProblem(text, NAME_TEXT);

describe('which characters codes and names may hold', () => {
  it('refuses default-ignorable code points in codes and names', () => {
    // Hangul fillers, combining grapheme joiner, Khmer inherent vowel, zero-width space, soft hyphen, bidi override, variation selector, tag.
    for (const invisible of ['\u3164', '\u115F', '\uFFA0', '\u034F', '\u17B4', '\u200B', '\u00AD', '\u202E', '\uFE0F', '\u{E0041}', '\u2060', '\u061C']) {
      expect(code(`A${invisible}1`), invisible).toBeDefined();
      expect(name(`owner${invisible}`), invisible).toBeDefined();
      expect(code(invisible), invisible).toBeDefined();
    }
  });

  it('refuses characters that render blank and white space other than plain spaces', () => {
    for (const blank of ['\u2800', '\u{16FE4}', '\u{1D159}', '\u00A0', '\u3000', '\u2003', '\u202F', '\t', '\n', '\u2028']) {
      expect(code(`a${blank}b`), blank).toBeDefined();
      expect(name(`a${blank}b`), blank).toBeDefined();
    }
    expect(code('a b')).toBeDefined();
    expect(name('Cash at bank')).toBeUndefined();
  });

  it('refuses a combining mark with no letter or digit under it', () => {
    for (const text of ['\u0301', '\u0301a', 'a-\u0301', '\u064E', '\u064Eب', '$\u0301']) {
      expect(code(text), JSON.stringify(text)).toBeDefined();
      expect(name(text), JSON.stringify(text)).toBeDefined();
    }
    expect(name('a \u0301')).toBeDefined();
    expect(name('ب \u064E')).toBeDefined();
    expect(code('Cafe\u0301')).toBeUndefined();
    expect(code('1\u20E3')).toBeUndefined();
  });

  it('keeps Arabic names with harakat, and ZWNJ/ZWJ only between letters of a name', () => {
    expect(name('مُحَمَّد')).toBeUndefined();
    expect(name('الصندوق الرئيسي')).toBeUndefined();
    expect(name('حساب\u200Cجاری')).toBeUndefined();
    expect(name('क्\u200Dष')).toBeUndefined();
    expect(name('owner\u200C')).toBeDefined();
    expect(name('\u200Downer')).toBeDefined();
    expect(name('a \u200C b')).toBeDefined();
    expect(code('حساب\u200Cجاری')).toBeDefined();
  });

  it('refuses controls, private use, unassigned code points and lone surrogates', () => {
    for (const text of ['a\u0000', 'a\u007F', 'a\uE000', 'a\u{10FFFD}', 'a\uFFFF', 'a\uD800']) {
      expect(code(text), JSON.stringify(text)).toBeDefined();
      expect(name(text), JSON.stringify(text)).toBeDefined();
    }
  });

  it('accepts visible codes of any script', () => {
    for (const text of ['1101', 'A-1', 'مركز-١', 'Caf\u00E9', 'Σ7', '科目1', '$', '４２']) expect(code(text), text).toBeUndefined();
  });

  it('bounds the length as typed and once compatibility characters are spelled out', () => {
    expect(lengthProblem('', 32)).toBeDefined();
    expect(lengthProblem('x'.repeat(32), 32)).toBeUndefined();
    expect(lengthProblem('x'.repeat(33), 32)).toBeDefined();
    expect(lengthProblem('\uFDFA', 32)).toBeUndefined();
    expect(lengthProblem('\uFDFA\uFDFA', 32)).toBeDefined();
  });
});
