/**
 * An MT940 file as its fields (pure): each `:tag:` with its value's lines and the line of the
 * file it starts on. The SWIFT envelope is dropped: the header blocks before `{4:` and the
 * `-}` that ends a message, with any trailer block after it. Blank lines are skipped, and so is
 * text outside any field.
 */
export interface Mt940Field {
  /** The tag without its colons: 20, 25, 28C, 60F, 61, 86, 62F, ... */
  tag: string;
  /** The value: the text after the tag, then each continuation line. */
  lines: string[];
  /** The 1-based line of the file the tag is on. */
  row: number;
}

const FIELD = /^:(\d{2}[A-Z]?|[A-Z]{2}):/;

/** The line without the header blocks {1:...}{2:...}{3:{...}} and the opening of {4:, read by brace depth (linear). */
function withoutHeaders(line: string): string {
  let rest = line;
  while (/^\{[123]:/.test(rest)) {
    let depth = 0;
    let end = -1;
    for (let i = 0; i < rest.length && end < 0; i += 1) {
      if (rest[i] === '{') depth += 1;
      else if (rest[i] === '}' && --depth === 0) end = i;
    }
    if (end < 0) return rest;
    rest = rest.slice(end + 1);
  }
  return rest.startsWith('{4:') ? rest.slice(3) : rest;
}

export function mt940Fields(text: string): Mt940Field[] {
  const fields: Mt940Field[] = [];
  let current: Mt940Field | undefined;
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = raw.startsWith('{') ? withoutHeaders(raw) : raw;
    if (line.startsWith('-}') || line.trim() === '-') {
      current = undefined;
      return;
    }
    if (line.trim() === '') return;
    const tag = FIELD.exec(line);
    if (tag) {
      current = { tag: tag[1]!, lines: [line.slice(tag[0].length)], row: i + 1 };
      fields.push(current);
    } else if (current) current.lines.push(line);
    // Text before a message's first field is a bank's own envelope (ABN AMRO's "ABNANL2A / 940" lines): not part of a statement.
  });
  return fields;
}
