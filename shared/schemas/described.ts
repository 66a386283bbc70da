import * as z from './zod.ts';

/** The schema, with the description the OpenAPI document gives it (where the glossary's would not fit). */
export const described = <T extends z.ZodMiniType>(schema: T, description: string): T => {
  z.globalRegistry.add(schema, { description });
  return schema;
};
