/**
 * Walking an XML file read as a tree by fast-xml-parser (attributes and text under `#text`), as
 * the bank statement and SAF-T readers do: an element named once is an object, several a list.
 */
export const isElement = (node: unknown): node is Record<string, unknown> => !!node && typeof node === 'object' && !Array.isArray(node);

/** The elements named `name` under `node`: a list whether the file has none, one or several. */
export function children(node: unknown, name: string): unknown[] {
  if (!isElement(node) || !Object.hasOwn(node, name)) return [];
  const value = node[name];
  return Array.isArray(value) ? value : [value];
}

/** The first element down a path of names, if any. */
export function at(node: unknown, ...names: string[]): unknown {
  let current = node;
  for (const name of names) current = children(current, name)[0];
  return current;
}

/** The trimmed text of an element (or of the element down `names`); undefined when absent or empty. */
export function textAt(node: unknown, ...names: string[]): string | undefined {
  const element = at(node, ...names);
  const text = typeof element === 'string' ? element : isElement(element) && Object.hasOwn(element, '#text') ? String(element['#text']) : undefined;
  const trimmed = text?.trim();
  return trimmed === '' ? undefined : trimmed;
}
