import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldPath, zodIssuesToErrors } from '../../../shared/http/field-path.ts';

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
});
