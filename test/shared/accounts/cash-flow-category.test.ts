import { describe, expect, it } from 'vitest';
import { effectiveCashFlowCategory, storedCashFlowCategory } from '../../../shared/accounts/cash-flow-category.ts';
import { ValidationError } from '../../../shared/errors.ts';

describe('cash flow category rules', () => {
  it('answers the classification’s default where none is stored, or where the stored one is no longer allowed', () => {
    expect(effectiveCashFlowCategory('asset', undefined)).toBe('operating');
    expect(effectiveCashFlowCategory('equity', undefined)).toBe('financing');
    expect(effectiveCashFlowCategory('asset', 'cash')).toBe('cash');
    // A cash account whose root became revenue: revenue is operating only.
    expect(effectiveCashFlowCategory('revenue', 'cash')).toBe('operating');
  });

  it('stores what is given, keeps the current one when left out, and clears it with null', () => {
    expect(storedCashFlowCategory('asset', 'investing')).toBe('investing');
    expect(storedCashFlowCategory('asset', undefined, 'cash')).toBe('cash');
    expect(storedCashFlowCategory('asset', null, 'cash')).toBeUndefined();
    expect(storedCashFlowCategory('equity', undefined)).toBeUndefined();
  });

  it('refuses a category the classification does not allow, naming cashFlowCategory; a kept one no longer allowed is dropped', () => {
    for (const [classification, category] of [['revenue', 'nonCash'], ['expense', 'cash'], ['equity', 'cash']] as const) {
      const error = (() => {
        try {
          storedCashFlowCategory(classification, category);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).items[0]).toMatchObject({ name: 'cashFlowCategory', code: 'CashFlowCategory' });
    }
    expect(storedCashFlowCategory('revenue', undefined, 'cash')).toBeUndefined();
  });
});
