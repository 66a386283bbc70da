import fc from 'fast-check';

/** The subset of JSON Schema the service's OpenAPI document uses (zod's output). */
export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/**
 * Values that mostly satisfy a schema: the fuzz test's well-formed inputs, which it then
 * mutates. Sizes are kept small and UUIDs are drawn from the records that exist, so
 * generated requests reach the use cases and not only the validators.
 */
export interface Known {
  /** Ids of existing records, offered wherever a UUID is asked for. */
  uuids: string[];
  /** Values offered for properties of these names (references as ids or paths). */
  byName: Record<string, string[]>;
}

export function valueFor(schema: JsonSchema, known: Known): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((s) => valueFor(s, known)));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => valueFor({ ...schema, type }, known)));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 4, (schema.minimum ?? 0) + 4) });
    case 'number':
      return fc.oneof(fc.integer({ min: 1, max: 500 }), fc.constantFrom(0.1, 0.005, 12.5, 1e2, -3));
    case 'string':
      return stringFor(schema, known);
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, known), { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)) });
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, s]) => {
          const named = known.byName[name];
          return [name, named?.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...named) }, valueFor(s, known)) : valueFor(s, known)];
        }),
      );
      return fc.record(properties, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const day = fc.date({ min: new Date('2025-06-01T00:00:00Z'), max: new Date('2027-06-30T00:00:00Z'), noInvalidDate: true });

function stringFor(schema: JsonSchema, known: Known): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return known.uuids.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known.uuids) }, fc.uuid()) : fc.uuid();
    case 'date':
      return day.map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return day.map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress();
  }
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 12, 12)) });
}
