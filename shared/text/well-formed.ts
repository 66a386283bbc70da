/**
 * Whether a string is text the books can keep, pure. Every string a request brings (body, query,
 * a stored header) must be well-formed Unicode that XML 1.0 and RFC 8785 can also hold, because
 * the books hash it (audit/chain.ts), write it to XLSX and hand it to other systems:
 *
 * - no lone surrogate (U+D800 to U+DFFF unpaired): valid in a JSON escape, not Unicode text;
 * - no noncharacter (U+FDD0 to U+FDEF, and the last two code points of every plane: U+FFFE,
 *   U+FFFF, U+1FFFE...): reserved for a program's own use, never interchanged;
 * - no C0 control other than tab, line feed and carriage return (U+0000 to U+001F): invisible,
 *   and XML 1.0 cannot hold them.
 *
 * Codes and names have stricter rules of their own (text-rules.ts); this is the floor for every field.
 */
const NOT_KEEPABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\p{Cs}\p{Noncharacter_Code_Point}]/u;

/** The text with each lone surrogate as U+FFFD (String.prototype.toWellFormed, ES2024; the compiler's library predates it). */
export const wellFormedText = (text: string): string => (text as string & { toWellFormed(): string }).toWellFormed();

/** Why `text` cannot be kept, or undefined when it can. */
export function textKeepingProblem(text: string): string | undefined {
  const found = NOT_KEEPABLE.exec(text);
  if (!found) return undefined;
  const code = found[0].codePointAt(0)!;
  const at = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const line = text.slice(0, found.index).split('\n').length;
  const where = line > 1 ? ` on line ${line}` : '';
  if (code >= 0xd800 && code <= 0xdfff) return `must be well-formed Unicode text: it holds a lone surrogate (${at})${where}`;
  if (code < 0x20) return `must not hold control characters other than tab, line feed and carriage return (${at})${where}`;
  return `must not hold Unicode noncharacters (${at})${where}`;
}

/** A string field, or an object key, whose text cannot be kept: where it is and why. */
export interface TextProblem {
  path: PropertyKey[];
  reason: string;
}

/** Problems reported at most (a body holds up to 100,000 rows; the first few say enough). */
const MOST_PROBLEMS = 20;

/**
 * Every string and object key in a JSON value whose text cannot be kept, in document order, at
 * most 20. A bad key is named by its parent's path and the key spelled with escapes.
 */
export function textProblems(value: unknown): TextProblem[] {
  const problems: TextProblem[] = [];
  // One path, pushed and popped as the walk goes: a 100,000-row body is walked without a copy per value.
  const path: PropertyKey[] = [];
  const visit = (node: unknown): void => {
    if (problems.length >= MOST_PROBLEMS) return;
    if (typeof node === 'string') {
      const reason = textKeepingProblem(node);
      if (reason) problems.push({ path: [...path], reason });
    } else if (Array.isArray(node)) {
      for (let i = 0; i < node.length && problems.length < MOST_PROBLEMS; i++) {
        path.push(i);
        visit(node[i]);
        path.pop();
      }
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        if (problems.length >= MOST_PROBLEMS) return;
        const keyReason = textKeepingProblem(key);
        if (keyReason) {
          problems.push({ path: [...path, escaped(key)], reason: `is a field name that ${keyReason}` });
          continue;
        }
        path.push(key);
        visit(item);
        path.pop();
      }
    }
  };
  visit(value);
  return problems;
}

/** A key as it can be shown: every character the check refuses as a \\uXXXX escape. */
function escaped(key: string): string {
  return key.replace(new RegExp(NOT_KEEPABLE.source, 'gu'), (char) => {
    const code = char.codePointAt(0)!.toString(16);
    return code.length > 4 ? `\\u{${code}}` : `\\u${code.padStart(4, '0')}`;
  });
}
