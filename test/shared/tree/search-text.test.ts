import { describe, expect, it } from 'vitest';
import { foldForSearch, searchTextOf } from '../../../shared/tree/search-text.ts';

describe('search folding', () => {
  it('removes Arabic diacritics and tatweel', () => {
    expect(foldForSearch('المُحَاسَبَة')).toBe(foldForSearch('المحاسبة'));
    expect(foldForSearch('نقـــد')).toBe('نقد');
  });

  it('unifies alef forms, alef maksura, teh marbuta and hamza carriers', () => {
    expect(foldForSearch('أصول')).toBe('اصول');
    expect(foldForSearch('إيرادات')).toBe('ايرادات');
    expect(foldForSearch('آلات')).toBe('الات');
    expect(foldForSearch('مستوى')).toBe('مستوي');
    expect(foldForSearch('خزينة')).toBe('خزينه');
    expect(foldForSearch('مؤسسة')).toBe('موسسه');
    expect(foldForSearch('هيئة')).toBe('هييه');
  });

  it('maps Arabic-Indic digits and folds Latin case', () => {
    expect(foldForSearch('١٢٣ Cash')).toBe('123 cash');
    expect(foldForSearch('۴۵')).toBe('45');
  });

  it('builds one searchable text from code and both names', () => {
    const text = searchTextOf('1101', { arabic: 'النَّقْدِيَّة', english: 'Cash on Hand' });
    expect(text).toContain('1101');
    expect(text).toContain(foldForSearch('النقدية'));
    expect(text).toContain('cash on hand');
  });
});
