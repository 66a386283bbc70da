import { clean, confusablesMap } from 'confusables';

/**
 * The form in which two codes or names compare equal when a reader could take one for the
 * other: sibling codes and a company's role names must differ in this form, not only as typed.
 * Pure; apart from text-rules.ts because the confusables table is 12 KB that only the functions
 * comparing codes or names should bundle.
 *
 * How far it goes, in order:
 * 1. NFKC: compatibility characters become what they stand for (fullwidth `４２` is `42`, `ﬁ`
 *    is `fi`, superscripts and circled digits are digits).
 * 2. Case folding (upper then lower case, so `ß` and `ss`, `ς` and `σ` meet), then NFKC again.
 * 3. Arabic-Indic and Extended Arabic-Indic digits become 0-9: `١٠١` and `101` are one number.
 * 4. Combining marks and invisible characters are dropped (`café` is `cafe`, `مُحَمَّد` is
 *    `محمد`), then each character that looks like a Latin letter or digit becomes it, from the
 *    `confusables` table (3,300 characters: Cyrillic `А`, Greek `Ο`, mathematical and
 *    enclosed letters...), and the result is lower-cased again.
 * 5. Runs of white space count as one space.
 * It does not make different scripts' own look-alikes equal (Cyrillic `а` and Greek `α` meet
 * only because both look Latin), nor letters that look alike only in some fonts (`l`, `I`, `1`
 * stay apart), and it reads a few characters as Latin that a reader of their script would not
 * (Arabic alef as `i`): a false match costs a 409 and a different code, a missed one a spoof.
 * Applying it twice changes nothing (checked for every code point), so a form is never the
 * form of something else: keys made of forms cannot meet keys made of raw text that is not one.
 * Each character of an NFKC-stable text yields at most 4 bytes of form (checked for every code
 * point), which with the NFKC length limits of text-rules.ts keeps keys made of forms short.
 */
export function lookAlikeForm(text: string): string {
  const folded = text.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC').replace(ARABIC_DIGIT, arabicDigitValue);
  const skeleton = Array.from(clean(folded), (char) => confusablesMap.get(char) ?? char).join('');
  return skeleton.toLowerCase().replace(/\s+/gu, ' ');
}

const ARABIC_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/gu;
const arabicDigitValue = (digit: string) => String(digit.charCodeAt(0) - (digit >= '\u06F0' ? 0x06f0 : 0x0660));
