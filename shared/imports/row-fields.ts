import * as z from '../schemas/zod.ts';
import type { RowError } from './records.ts';
import type { SourceRow } from './read-rows.ts';

type Parsed = { success: boolean; data?: unknown; message?: string };

/**
 * What each schema made of each text it read, for one file's check (a file repeats its paths,
 * dates and codes on many rows): made per check and dropped with it.
 */
export type ParseCache = WeakMap<object, Map<string, Parsed>>;
export const parseCache = (): ParseCache => new WeakMap();

function parseOnce<T>(cache: ParseCache, schema: z.ZodMiniType<T>, text: string): Parsed {
  let seen = cache.get(schema);
  if (!seen) cache.set(schema, (seen = new Map()));
  let result = seen.get(text);
  if (!result) {
    const parsed = schema.safeParse(text);
    result = parsed.success ? { success: true, data: parsed.data } : { success: false, message: parsed.error.issues[0]?.message ?? 'is not valid' };
    seen.set(text, result);
  }
  return result;
}

/**
 * Reading a row's text values into typed fields with the API's own field schemas, so a value
 * an import takes is exactly a value the one-record endpoints take. Each problem becomes an
 * error naming the row and the column.
 */
export class RowFields {
  readonly errors: RowError[] = [];

  constructor(
    readonly source: SourceRow,
    private readonly cache: ParseCache = parseCache(),
  ) {}

  /** The value of `field` as `schema` reads it; undefined (and an error) when it does not. */
  read<T>(field: string, schema: z.ZodMiniType<T>): T | undefined {
    const text = this.source.values[field];
    if (text === undefined) return undefined;
    const parsed = parseOnce(this.cache, schema, text);
    if (parsed.success) return parsed.data as T;
    this.fail(field, parsed.message!);
    return undefined;
  }

  /** The text of `field` as given (undefined when empty). */
  text(field: string): string | undefined {
    return this.source.values[field];
  }

  fail(field: string, reason: string, code = 'ValidationError'): void {
    this.errors.push({ row: this.source.row, field, reason, code });
  }

  get ok(): boolean {
    return this.errors.length === 0;
  }
}

/** true or false (any case; also 1, 0, yes, no). */
export const BooleanField = () =>
  z.pipe(
    z.string().check(z.regex(/^(true|false|1|0|yes|no)$/i, { error: 'must be true or false' })),
    z.transform((text: string) => ['true', '1', 'yes'].includes(text.toLowerCase())),
  );
