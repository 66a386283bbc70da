import { describe, expect, it } from 'vitest';
import { checkAccountParent, storedClassification } from '../../../shared/accounts/rules.ts';
import { ValidationError } from '../../../shared/errors.ts';

describe('account rules', () => {
  it('allows only a category account as parent', () => {
    expect(() => checkAccountParent({ accountType: 'category', classification: 'asset' })).not.toThrow();
    expect(() => checkAccountParent({ accountType: 'leaf' })).toThrow(ValidationError);
  });

  it('requires a classification on a root and keeps the current one on update', () => {
    expect(storedClassification('asset', undefined)).toBe('asset');
    expect(storedClassification(undefined, undefined, 'equity')).toBe('equity');
    expect(() => storedClassification(undefined, undefined)).toThrow(/required for a root/);
  });

  it('lets a descendant repeat its root classification but not change it, and stores none', () => {
    const root = { accountType: 'category' as const, classification: 'revenue' as const };
    expect(storedClassification(undefined, root)).toBeUndefined();
    expect(storedClassification('revenue', root)).toBeUndefined();
    try {
      storedClassification('asset', root);
      expect.unreachable();
    } catch (error) {
      expect((error as ValidationError).items[0]).toMatchObject({ name: 'classification' });
    }
  });
});
