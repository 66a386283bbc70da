import * as z from './zod.ts';

/**
 * A copy of the schema, with the description the OpenAPI document gives it (where the glossary's
 * would not fit). A copy: a schema shared by many fields (an id) must not take one field's words.
 */
export const described = <T extends z.ZodMiniType>(schema: T, description: string): T => {
  const copy = schema.clone() as T;
  z.globalRegistry.add(copy, { description });
  return copy;
};
