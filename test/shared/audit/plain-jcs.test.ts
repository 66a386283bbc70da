import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalText, chainHash, chainLink } from '../../../shared/audit/chain.ts';
import { plainCanonicalJson } from '../../../shared/audit/plain-jcs.ts';

/** Keys and strings from the whole of UTF-16, lone surrogates included, and keys that look like array indices. */
const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.string({ unit: fc.constantFrom('a', 'B', '0', '1', '9', '-', '\u00e9', '\ud83d', '\ude00', '\uffff') }));
const key = fc.oneof(text, fc.nat({ max: 20 }).map(String), fc.constantFrom('01', '-1', '1.5', '4294967295'));
const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(-0, 1e21, 1e-7, 5e-324, 0.1 + 0.2, Number.MAX_SAFE_INTEGER + 2));
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.boolean(), number, text, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 5 }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 6 }),
}));

/** canonicalize's text, or undefined where it refuses the value. */
const reference = (v: unknown) => {
  try {
    return canonicalize(v);
  } catch {
    return undefined;
  }
};

describe('plainCanonicalJson', () => {
  it('keeps a member named __proto__ as JSON.parse gives it, as canonicalize does', () => {
    const parsed: unknown = JSON.parse('{"b":1,"__proto__":false,"a":{"__proto__":[2]}}');
    expect(plainCanonicalJson(parsed)).toBe(canonicalize(parsed));
    expect(plainCanonicalJson(parsed)).toBe('{"__proto__":false,"a":{"__proto__":[2]},"b":1}');
  });

  it('writes exactly what canonicalize writes, or leaves the value to it', () => {
    fc.assert(
      fc.property(value, (v) => {
        const fast = plainCanonicalJson(v);
        if (fast !== undefined) expect(fast).toBe(canonicalize(v));
      }),
      { numRuns: 2000 },
    );
  });

  it('takes the fast way for parsed JSON with well-formed text and no array-index keys, as events and records are', () => {
    const plain = fc.jsonValue().filter((v) => !/"(0|[1-9]\d*)":/.test(JSON.stringify(v)));
    fc.assert(
      fc.property(plain, (v) => {
        const parsed: unknown = JSON.parse(JSON.stringify(v));
        expect(plainCanonicalJson(parsed)).toBe(canonicalize(parsed));
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves to canonicalize what the shortcut could get wrong', () => {
    const sample = { b: 1, a: [1, 'x'] };
    for (const v of [{ 10: 'a', 9: 'b' }, { a: NaN }, [Infinity], { s: 'lone \ud800' }, { ['\udc00']: 1 }, [undefined], new Date(0), { d: new Date(0) }, { n: new Number(1) }, { t: { toJSON: () => 1 } }, 1n]) {
      expect(plainCanonicalJson(v)).toBeUndefined();
    }
    expect(plainCanonicalJson(sample)).toBe('{"a":[1,"x"],"b":1}');
  });
});

/** The value with every lone surrogate of its strings and keys as U+FFFD. */
const mended = (v: unknown): unknown =>
  typeof v === 'string' ? v.replace(/\p{Cs}/gu, '\ufffd') : Array.isArray(v) ? v.map(mended) : v && typeof v === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(v)) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [mended(k), mended(x)])) : v;

describe('canonicalJson', () => {
  it('is canonicalize wherever canonicalize answers, and canonicalize of the text with lone surrogates as U+FFFD where only they stop it', () => {
    fc.assert(
      fc.property(value, (v) => {
        const expected = reference(v) ?? reference(mended(v));
        if (expected === undefined) expect(() => canonicalJson(v)).toThrow();
        else expect(canonicalText(v)).toEqual({ text: expected, repaired: reference(v) === undefined });
      }),
      { numRuns: 2000 },
    );
  });

  it('hashes an event holding a lone surrogate as it would hash U+FFFD, and says it repaired it', () => {
    const link = chainLink('0'.repeat(64), { description: 'rent \ud800 March', ['k\udc00']: 1 });

    expect(link).toEqual({ hash: chainHash('0'.repeat(64), { description: 'rent \ufffd March', ['k\ufffd']: 1 }), repaired: true });
    expect(chainLink('0'.repeat(64), { description: 'rent' }).repaired).toBe(false);
  });
});
