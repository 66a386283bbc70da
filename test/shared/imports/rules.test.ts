import { describe, expect, it } from 'vitest';
import { ChartIndex } from '../../../shared/imports/chart-index.ts';
import { importedId } from '../../../shared/imports/ids.ts';
import { planNodes } from '../../../shared/imports/plan-nodes.ts';
import { readRows } from '../../../shared/imports/read-rows.ts';
import { checkMayImport, finalStatus, permissionsToWrite } from '../../../shared/imports/rules.ts';
import type { NodeRecord } from '../../../shared/tree/records.ts';

const node = (id: string, code: string, parentId: string | null, attributes: Record<string, unknown>): NodeRecord => ({ id, code, parentId, levels: [], version: 1, createdAt: '', updatedAt: '', attributes: { name: { arabic: code, english: code }, ...attributes } as never });

describe('reading an import file', () => {
  it('reads CSV with a BOM and quoted fields, numbering data rows from 1, and JSON objects alike', async () => {
    const csv = await readRows('costCenters', 'csv', '\uFEFFcode,nameArabic,nameEnglish\r\nHQ,"رئيسي, أول","Head ""office"""\r\n\r\nBR,فرع,Branch\r\n');
    const json = await readRows('costCenters', 'json', [{ code: 'HQ', nameArabic: 'ر', nameEnglish: 'H', active: false, colour: 'red' }, { code: 7 }]);

    expect(csv).toEqual({ rows: [{ row: 1, values: { code: 'HQ', nameArabic: 'رئيسي, أول', nameEnglish: 'Head "office"' } }, { row: 2, values: { code: 'BR', nameArabic: 'فرع', nameEnglish: 'Branch' } }], errors: [] });
    expect(json.rows[0]!.values).toEqual({ code: 'HQ', nameArabic: 'ر', nameEnglish: 'H', active: 'false' });
    expect(json.errors).toEqual([
      { row: 1, field: 'colour', reason: expect.stringContaining('not a field'), code: 'UnknownField' },
      { row: 2, field: 'nameArabic', reason: 'is required', code: 'Required' },
      { row: 2, field: 'nameEnglish', reason: 'is required', code: 'Required' },
    ]);
  });

  it('refuses a file it cannot read at all, naming data', async () => {
    await expect(readRows('accounts', 'csv', 'code,type\n"1,leaf\n')).rejects.toThrow(expect.objectContaining({ items: [expect.objectContaining({ name: 'data', code: 'InvalidCsv' })] }));
    await expect(readRows('accounts', 'csv', 'code,type,nameArabic\n')).rejects.toThrow(expect.objectContaining({ items: [expect.objectContaining({ name: 'data', code: 'MissingColumn' })] }));
  });
});

describe('planning accounts', () => {
  it('orders parents before children, skips what exists alike, and reports each problem on its row', async () => {
    const existing = new ChartIndex([node('a1', '1', null, { accountType: 'category', classification: 'asset' }), node('a2', '1101', 'a1', { accountType: 'leaf' })]);
    const { rows, errors } = await readRows('accounts', 'json', [
      { code: '1102', parentPath: '1.11', type: 'leaf', nameArabic: 'b', nameEnglish: 'b' },
      { code: '11', parentPath: '1', type: 'category', nameArabic: 'c', nameEnglish: 'c' },
      { code: '1101', parentPath: '1', type: 'leaf', nameArabic: '1101', nameEnglish: '1101' },
      { code: 'X', parentPath: '1.1101', type: 'leaf', nameArabic: 'x', nameEnglish: 'x' },
      { code: '9', type: 'leaf', nameArabic: 'n', nameEnglish: 'n' },
    ]);

    const plan = await planNodes('accounts', 'job', rows, errors, existing, 'now');

    expect(plan.writes.map((w) => [w.row, w.chain.map((n) => n.code).join('.')])).toEqual([[2, '1.11'], [1, '1.11.1102']]);
    expect(plan.writes[1]!.node.parentId).toBe(importedId('job', 'row 2'));
    expect([...plan.skippedRows]).toEqual([3]);
    expect(plan.errors.map(({ row, field, code }) => ({ row, field, code }))).toEqual([
      { row: 4, field: 'parentPath', code: 'ParentNotCategory' },
      { row: 5, field: 'classification', code: 'Required' },
    ]);
  });
});

describe('import rules', () => {
  it('needs the permissions of what an import writes', () => {
    expect(permissionsToWrite('journals', true)).toEqual(['journals:create', 'journals:post']);
    expect(() => checkMayImport('openingBalances', false, ['imports:manage', 'journals:create'])).toThrow(/journals:post/);
    expect(() => checkMayImport('accounts', false, ['imports:manage', 'accounts:create'])).not.toThrow();
    // Journals naming files uploaded to the company put them on the journals: as attaching one by one needs.
    expect(permissionsToWrite('journals', false, true)).toEqual(['journals:create', 'attachments:create']);
    expect(() => checkMayImport('journals', false, ['imports:manage', 'journals:create'], true)).toThrow(/attachments:create/);
  });

  it('ends a job by what it wrote and what it could not', () => {
    const counts = (valid: number, invalid: number, written: number, skippedDuplicates = 0) => ({ rows: valid + invalid, valid, invalid, written, skippedDuplicates });
    expect(finalStatus({ mode: 'atomic', dryRun: false }, counts(5, 0, 5), 0)).toBe('succeeded');
    expect(finalStatus({ mode: 'atomic', dryRun: false }, counts(4, 1, 0), 0)).toBe('failed');
    expect(finalStatus({ mode: 'perItem', dryRun: false }, counts(4, 1, 4), 0)).toBe('partiallySucceeded');
    expect(finalStatus({ mode: 'perItem', dryRun: true }, counts(4, 1, 0), 0)).toBe('partiallySucceeded');
    expect(finalStatus({ mode: 'perItem', dryRun: false }, counts(0, 3, 0), 0)).toBe('failed');
    expect(finalStatus({ mode: 'perItem', dryRun: false }, counts(3, 0, 2), 1)).toBe('partiallySucceeded');
  });

  it('gives a record of a job the same UUID on every run, and another for another job or row', () => {
    expect(importedId('job-1', 'row 4')).toBe(importedId('job-1', 'row 4'));
    expect(importedId('job-1', 'row 4')).not.toBe(importedId('job-2', 'row 4'));
    expect(importedId('job-1', 'row 4')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
