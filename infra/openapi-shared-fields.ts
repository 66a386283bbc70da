/**
 * Fields that many schemas hold alike (a currency code, a name, a version, each with the
 * glossary's description) move to `components.schemas` once, named `field.<name>` (a second
 * variant of a name gets a number), and every place holding one refers to it. Why: the
 * glossary's descriptions repeated on every field of every schema were most of the document.
 * Only a field whose copies outweigh a reference moves.
 */
const MIN_BYTES = 120;

type Node = Record<string, unknown>;
const isObject = (value: unknown): value is Node => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Every field schema under a `properties` map in `roots`, with its name, a field before the
 * fields within it; a field `visit` replaces (answering true) is not entered.
 */
function eachField(roots: unknown[], visit: (name: string, schema: Node, replace: (next: Node) => void) => boolean): void {
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && isObject(value)) {
        for (const [name, schema] of Object.entries(value)) {
          if (isObject(schema) && !visit(name, schema, (next) => (value[name] = next))) walk(schema);
        }
      } else walk(value);
    }
  };
  roots.forEach(walk);
}

/** Moves repeated fields of `roots` into `schemas` (mutating both); answers the fields added. */
export function shareRepeatedFields(roots: unknown[], schemas: Record<string, unknown>): number {
  const uses = new Map<string, number>();
  eachField(roots, (_name, schema) => {
    const json = JSON.stringify(schema);
    if (json.length >= MIN_BYTES) uses.set(json, (uses.get(json) ?? 0) + 1);
    return false;
  });
  const names = new Map<string, string>();
  eachField(roots, (name, schema, replace) => {
    const json = JSON.stringify(schema);
    if ((uses.get(json) ?? 0) < 2) return false;
    let shared = names.get(json);
    if (!shared) {
      const base = `field.${name}`;
      shared = base;
      for (let n = 2; shared in schemas; n++) shared = `${base}.${n}`;
      names.set(json, shared);
      schemas[shared] = schema;
    }
    replace({ $ref: `#/components/schemas/${shared}` });
    return true;
  });
  return names.size;
}
