/**
 * Folds text for keyword search so Arabic matches the way readers expect: diacritics
 * (tashkeel) and tatweel are dropped, the alef forms (أ إ آ ٱ) become ا, ى becomes ي,
 * ة becomes ه, hamza carriers ؤ ئ become و ي, Arabic-Indic digits become 0-9; Latin text is
 * case-folded. The same fold is applied to the stored text and to the keyword.
 */
const FOLDS: Array<[RegExp, string]> = [
  [/[\u064B-\u065F\u0670\u06D6-\u06ED]/g, ''], // harakat, superscript alef, Quranic marks
  [/\u0640/g, ''], // tatweel
  [/[\u0622\u0623\u0625\u0671]/g, '\u0627'], // alef variants -> alef
  [/\u0649/g, '\u064A'], // alef maksura -> yeh
  [/\u0629/g, '\u0647'], // teh marbuta -> heh
  [/\u0624/g, '\u0648'], // waw with hamza -> waw
  [/\u0626/g, '\u064A'], // yeh with hamza -> yeh
];

export function foldForSearch(text: string): string {
  let folded = text.normalize('NFKC').toLowerCase();
  for (const [pattern, replacement] of FOLDS) folded = folded.replace(pattern, replacement);
  folded = folded.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  folded = folded.replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  return folded.replace(/\s+/g, ' ').trim();
}

export function searchTextOf(code: string, name: { arabic: string; english: string }): string {
  return foldForSearch(`${code} ${name.arabic} ${name.english}`);
}
