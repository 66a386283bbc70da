import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textKeepingProblem, textProblems } from '../../../shared/text/well-formed.ts';

describe('textKeepingProblem', () => {
  it('refuses lone surrogates, noncharacters and C0 controls but tab, line feed and carriage return, naming the code point', () => {
    expect(textKeepingProblem('a\ud800b')).toContain('lone surrogate (U+D800)');
    expect(textKeepingProblem('\udfff')).toContain('U+DFFF');
    expect(textKeepingProblem('x\uffff')).toContain('noncharacters (U+FFFF)');
    expect(textKeepingProblem('\ufdd5')).toContain('U+FDD5');
    expect(textKeepingProblem('\u{10fffe}')).toContain('U+10FFFE');
    expect(textKeepingProblem('a\u0000')).toContain('control characters other than tab, line feed and carriage return (U+0000)');
    expect(textKeepingProblem('line one\nline two \u001b')).toContain('on line 2');
    for (const kept of ['', 'one\ttwo\r\nthree', 'الأصول', '😀 \u{1f600}', '\u007f\u0085', '\ufffd', '\ufdcf\ufdf0']) expect(textKeepingProblem(kept)).toBeUndefined();
  });

  it('accepts every string of well-formed scalar values outside the refused ranges', () => {
    const refused = (c: number) => (c < 0x20 && c !== 9 && c !== 10 && c !== 13) || (c >= 0xfdd0 && c <= 0xfdef) || (c & 0xfffe) === 0xfffe;
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const expected = (text as string & { isWellFormed(): boolean }).isWellFormed() && ![...text].some((ch) => refused(ch.codePointAt(0)!));
        expect(textKeepingProblem(text) === undefined).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('textProblems', () => {
  it('names every bad string and key by its path, at most 20', () => {
    const problems = textProblems({ a: 'ok', entries: [{ description: 'x\uffff' }, { ['k\ud800']: 'v' }], many: Array.from({ length: 40 }, () => '\u0001') });

    expect(problems.slice(0, 2).map((p) => p.path)).toEqual([
      ['entries', 0, 'description'],
      ['entries', 1, 'k\\ud800'],
    ]);
    expect(problems[1]!.reason).toMatch(/^is a field name that/);
    expect(problems).toHaveLength(20);
  });
});
