/**
 * What characters a code or a name people read may hold, pure. Every character must show:
 * nothing invisible, nothing that renders as blank, no combining mark without a letter or digit
 * to sit on, so two strings that differ only in what cannot be seen are never both accepted.
 *
 * - Codes (account and cost center codes): letters, marks, digits, punctuation, symbols; no
 *   white space at all; no ZWNJ/ZWJ.
 * - Names (account and cost center names, role names): the same plus the plain space U+0020;
 *   ZWNJ (U+200C) and ZWJ (U+200D) only between two letters, where Persian, Urdu and the Indic
 *   scripts need them to shape a word. Arabic harakat are combining marks after letters: allowed.
 *
 * Why each is refused:
 * - Default-ignorable code points (zero-width space, soft hyphen, bidi marks and overrides,
 *   variation selectors, tag characters, Hangul fillers, U+034F, U+17B4...): they show nothing
 *   or reorder what is shown.
 * - Blank-rendering characters that are not default-ignorable (U+2800 Braille blank, U+3164
 *   and the other Hangul fillers, U+16FE4, U+1D159) and white space other than U+0020 (no-break,
 *   ideographic, em spaces, tabs, line breaks): they pass for a space or for nothing.
 * - A combining mark at the start or after a space, punctuation, a symbol or a joiner: it draws
 *   on its neighbour or alone as a blank-looking accent.
 * - Controls, unassigned, private-use and lone surrogate code points: not text anyone can read.
 */

/** Shows nothing, or only changes how its neighbours show. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
/** Renders as blank space without being a default-ignorable or a white-space character. */
const BLANK = /[\u2800\u3164\u115F\u1160\uFFA0\u{16FE4}\u{1D159}]/u;
/** Letters, marks, digits, punctuation and symbols: the characters that can show. */
const SHOWABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
/** A combining mark not sitting on a letter, a digit or another mark. */
const LONE_MARK = /(?:^|[^\p{L}\p{M}\p{N}])\p{M}/u;
/** ZWNJ or ZWJ between two letters (the first may carry marks): how scripts that need them use them. */
const JOINER_IN_WORD = /(?<=\p{L}\p{M}*)[\u200C\u200D](?=\p{L})/gu;
const JOINER = /[\u200C\u200D]/u;

export interface TextRules {
  /** Plain spaces (U+0020) allowed (names), or no white space at all (codes). */
  spaces: boolean;
  /** ZWNJ/ZWJ allowed between two letters (names). */
  joiners: boolean;
}

export const CODE_TEXT: TextRules = { spaces: false, joiners: false };
export const NAME_TEXT: TextRules = { spaces: true, joiners: true };

/** Why the text does not show exactly what it holds, or undefined when every character shows. */
export function invisibleCharacterProblem(text: string, rules: TextRules): string | undefined {
  const checked = rules.joiners ? text.replace(JOINER_IN_WORD, '') : text;
  for (const char of checked) {
    if (char === ' ' && rules.spaces) continue;
    if (JOINER.test(char)) return rules.joiners ? 'may hold ZWNJ or ZWJ only between two letters' : 'must not contain invisible characters (ZWNJ, ZWJ)';
    if (INVISIBLE.test(char)) return `must not contain invisible characters (U+${hex(char)})`;
    if (BLANK.test(char)) return `must not contain characters that show as blank (U+${hex(char)})`;
    if (/\s/u.test(char)) return rules.spaces ? `must not contain white space other than plain spaces (U+${hex(char)})` : 'must not contain spaces';
    if (!SHOWABLE.test(char)) return `must contain visible characters only, not controls or unassigned code points (U+${hex(char)})`;
  }
  if (LONE_MARK.test(checked)) return 'must not start a character with a combining mark: a mark follows the letter or digit it belongs to';
  return undefined;
}

/**
 * Why the text is too long, or undefined: at most `max` UTF-16 units as typed, and at most `max`
 * characters once compatibility characters are spelled out (NFKC: U+FDFA is 18 letters), so the
 * forms that keys are made of stay bounded.
 */
export function lengthProblem(text: string, max: number): string | undefined {
  if (text.length < 1 || text.length > max) return `must be 1 to ${max} characters`;
  if ([...text.normalize('NFKC')].length > max) return `must be at most ${max} characters once ligatures and compatibility characters are spelled out (NFKC)`;
  return undefined;
}

const hex = (char: string) => char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
