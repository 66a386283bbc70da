import { LATIN_LOOK_ALIKES } from './latin-look-alikes.ts';

/**
 * The form in which two codes or names compare equal when a reader could take one for the
 * other: sibling codes and a company's role names must differ in this form, not only as typed.
 * Pure; apart from text-rules.ts so that only the functions comparing or resolving codes and
 * names bundle the table.
 *
 * How far it goes, in order:
 * 1. NFKC: compatibility characters become what they stand for (fullwidth `４２` is `42`, `ﬁ`
 *    is `fi`, mathematical, superscript and circled letters and digits are plain ones).
 * 2. Case folding (upper then lower case, so `ß` and `ss`, `ς` and `σ` meet), then NFKC again.
 * 3. Arabic-Indic and Extended Arabic-Indic digits become 0-9: `١٠١` and `101` are one number.
 * 4. Combining marks and default-ignorable characters are dropped (`مُحَمَّد` is `محمد`).
 * 5. Each character that looks like a Latin letter or digit becomes it, from the `confusables`
 *    package's table (latin-look-alikes.ts: Cyrillic `а`, Greek `ο`, accented `é`, IPA and
 *    small-capital forms...), and the result is lower-cased again.
 * 6. Runs of white space count as one space.
 * It does not make different scripts' own look-alikes equal unless both look Latin (Cyrillic
 * `а` and Greek `α` meet as `a`), nor ASCII letters that look alike only in some fonts (`l`,
 * `I`, `1` stay apart), and it reads a few characters as Latin that a reader of their script
 * would not (Arabic alef as `i`): a false match costs a 409 and another code, a missed one a
 * spoof. Applying it twice changes nothing (checked for every code point), so a text that is
 * not its own form is the form of nothing: keys made of forms cannot meet keys made of such
 * text. Each character of an NFKC-stable text yields at most 4 bytes of form (checked for
 * every code point), which with the NFKC length limits of text-rules.ts keeps such keys short.
 */
export function lookAlikeForm(text: string): string {
  const stripped = foldForLookAlikes(text).replace(MARK_OR_INVISIBLE, '');
  const latin = latinLookAlikes();
  return Array.from(stripped, (char) => latin.get(char) ?? char)
    .join('')
    .toLowerCase()
    .replace(/\s+/gu, ' ');
}

/** Steps 1 to 3 of lookAlikeForm: compatibility characters, case and Arabic digits. */
export function foldForLookAlikes(text: string): string {
  return text.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC').replace(ARABIC_DIGIT, arabicDigitValue);
}

const MARK_OR_INVISIBLE = /[\p{M}\p{Default_Ignorable_Code_Point}]/gu;
const ARABIC_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/gu;
const arabicDigitValue = (digit: string) => String(digit.charCodeAt(0) - (digit >= '\u06F0' ? 0x06f0 : 0x0660));

/** Character -> the Latin letter or digit it looks like; built on first use, not at import. */
let latinByCharacter: Map<string, string> | undefined;
const latinLookAlikes = () => (latinByCharacter ??= new Map(LATIN_LOOK_ALIKES.flatMap(([base, chars]) => Array.from(chars, (char) => [char, base] as const))));
