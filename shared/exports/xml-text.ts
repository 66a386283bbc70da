/**
 * Characters XML 1.0 cannot hold: everything outside #x9 | #xA | #xD | [#x20-#xD7FF] |
 * [#xE000-#xFFFD] | [#x10000-#x10FFFF], lone surrogates included (the `u` flag matches a lone
 * surrogate as a code point of its own). Text stored before the request edge refused them, or
 * written by another path, must not make a spreadsheet a file no reader opens.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text XML 1.0 holds: each character it cannot hold replaced by U+FFFD. */
export const xmlText = (text: string): string => text.replace(NOT_XML, '\uFFFD');
