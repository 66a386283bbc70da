/**
 * The JSON values of a text holding several one after another, as consecutive `curl` calls print
 * them (no newline between), with anything outside them (comments, blank lines) skipped.
 */
export function jsonDocuments(text: string): unknown[] {
  const documents: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (depth > 0 && c === '"') {
      inString = true;
    } else if (c === '{' || c === '[') {
      if (depth++ === 0) start = i;
    } else if ((c === '}' || c === ']') && depth > 0 && --depth === 0) {
      documents.push(JSON.parse(text.slice(start, i + 1)));
    }
  }
  return documents;
}
