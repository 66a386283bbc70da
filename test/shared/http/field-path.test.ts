import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldPath, PARSE_REPORTING_INPUT, zodIssuesToErrors } from '../../../shared/http/field-path.ts';
import * as zm from '../../../shared/schemas/zod.ts';

describe('field paths', () => {
  it('formats nested object and array paths', () => {
    expect(fieldPath(['entries', 3, 'accountId'], 'body')).toBe('entries[3].accountId');
    expect(fieldPath(['name', 'arabic'], 'body')).toBe('name.arabic');
    expect(fieldPath([], 'body')).toBe('body');
  });

  it('names each unknown key and each invalid field', () => {
    const schema = z.strictObject({ entries: z.array(z.strictObject({ amount: z.number() })) });
    const result = schema.safeParse({ entries: [{ amount: 1 }, { amount: 'x', side: 1 }], other: true });
    expect(result.success).toBe(false);
    const names = zodIssuesToErrors(result.error!.issues, 'body').map((e) => e.name).sort();
    expect(names).toEqual(['entries[1].amount', 'entries[1].side', 'other']);
  });

  it('says "is required" of a field left out, over a schema\'s message for a wrong value, unless that message words the missing case', () => {
    const schema = zm.strictObject({
      version: zm.int({ error: 'must be the version from the last read' }),
      state: zm.string({ error: 'is required: forward the whole query string' }),
      name: zm.string(),
      count: zm.int(),
    });
    const missing = schema.safeParse({}, PARSE_REPORTING_INPUT);
    const wrong = schema.safeParse({ version: 'x', state: 's', name: 2, count: 1.5 }, PARSE_REPORTING_INPUT);
    expect(zodIssuesToErrors(missing.error!.issues, 'body').map((e) => `${e.name}: ${e.reason}`)).toEqual([
      'version: is required',
      'state: is required: forward the whole query string',
      'name: is required',
      'count: is required',
    ]);
    expect(zodIssuesToErrors(wrong.error!.issues, 'body').map((e) => `${e.name}: ${e.reason}`)).toEqual([
      'version: must be the version from the last read',
      'name: must be a string, not a number',
      'count: must be a whole number',
    ]);
  });
});
