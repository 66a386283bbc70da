import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';
import { getFile } from '../../support/files.ts';
import { csv, imported } from '../../support/imports.ts';
import { year2026 } from '../../support/ledger.ts';

/**
 * An account's codes in charts kept outside the books (shared/accounts/standard-codes.ts): a
 * standard account code and a grouping (category and code), kept as given through create, update
 * and import, and written back into the SAF-T file in place of the classification.
 */
const gateway = useGateway();
const FIXTURE = readFileSync(resolve(import.meta.dirname, '../../fixtures/saf-t/financial-1.30.xml'), 'utf8');
const n = (english: string) => ({ english, arabic: english });

describe("an account's standard and grouping codes", () => {
  it('are kept as given, changed and cleared by an update, and a grouping needs its category and code together', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const root = await api.post(`${base}/Accounts`, { code: '1', name: n('Assets'), type: 'category', classification: 'asset' });
    const created = await api.post(`${base}/Accounts`, { code: '1920', name: n('Bank'), type: 'leaf', parentId: root.body.id, standardAccountCode: '1920', groupingCategory: 'RF-1167', groupingCode: '1920' });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ standardAccountCode: '1920', groupingCategory: 'RF-1167', groupingCode: '1920' });
    expect(root.body).toMatchObject({ standardAccountCode: null, groupingCategory: null, groupingCode: null });

    const alone = await api.post(`${base}/Accounts`, { code: '1921', name: n('Cash'), type: 'leaf', parentId: root.body.id, groupingCategory: 'RF-1167' });
    expect(alone.status).toBe(400);
    expect(alone.body.errors).toEqual([expect.objectContaining({ name: 'groupingCode', code: 'GroupingPair' })]);

    // Left out: unchanged; null: cleared (the grouping as a pair).
    const kept = await api.put(`${base}/Accounts/${created.body.id}`, { code: '1920', name: n('Bank account'), parentId: root.body.id, version: created.body.version });
    expect(kept.body).toMatchObject({ standardAccountCode: '1920', groupingCategory: 'RF-1167', groupingCode: '1920' });
    const halfCleared = await api.put(`${base}/Accounts/${created.body.id}`, { code: '1920', name: n('Bank account'), parentId: root.body.id, groupingCode: null, version: kept.body.version });
    expect(halfCleared.status).toBe(400);
    expect(halfCleared.body.errors).toEqual([expect.objectContaining({ name: 'groupingCode', code: 'GroupingPair' })]);
    const cleared = await api.put(`${base}/Accounts/${created.body.id}`, { code: '1920', name: n('Bank account'), parentId: root.body.id, standardAccountCode: null, groupingCategory: null, groupingCode: null, version: kept.body.version });
    expect(cleared.body).toMatchObject({ standardAccountCode: null, groupingCategory: null, groupingCode: null });
  });

  it('come in with a CSV chart, and with a SAF-T file’s accounts, and go back into the SAF-T file as they came', async () => {
    const { api, base, companyId, token } = await companyOwner(gateway.url);
    const chart = csv(['code', 'parentPath', 'type', 'classification', 'nameArabic', 'nameEnglish', 'groupingCategory', 'groupingCode'], [
      ['9', '', 'category', 'expense', 'م', 'Other', '', ''],
      ['9100', '9', 'leaf', '', 'م', 'Fees', 'RF-1167', '7770'],
      ['9200', '9', 'leaf', '', 'م', 'Odd', '', '7771'],
    ]);
    const fromCsv = await imported(api, base, companyId, { kind: 'accounts', format: 'csv', mode: 'perItem', data: chart });
    expect(fromCsv.counts).toMatchObject({ written: 2, invalid: 1 });
    expect(fromCsv.errors).toEqual([expect.objectContaining({ row: 3, field: 'groupingCategory', code: 'GroupingPair' })]);

    await year2026(api, base);
    expect((await imported(api, base, companyId, { kind: 'accounts', format: 'saf-t', data: FIXTURE })).status).toBe('succeeded');
    const accounts = (await api.get(`${base}/Accounts?pageSize=100`)).body.results as Array<{ code: string; type: string; groupingCategory: string | null; groupingCode: string | null }>;
    const bank = accounts.find((a) => a.code === '1920')!;
    expect(bank).toMatchObject({ groupingCategory: 'RF-1167', groupingCode: '1920' });
    expect(accounts.find((a) => a.code === '9100')).toMatchObject({ groupingCategory: 'RF-1167', groupingCode: '7770' });

    const file = await getFile(gateway.url(), token, `${base}/Exports/SafT?dateFrom=2026-01-01&dateTo=2026-12-31`);
    expect(file.status, file.bytes.toString()).toBe(200);
    const bankAccount = /<Account>(?:(?!<\/Account>).)*<AccountID>[^<]*1920<\/AccountID>(?:(?!<\/Account>).)*<\/Account>/s.exec(file.bytes.toString())?.[0];
    expect(bankAccount).toContain('<GroupingCategory>RF-1167</GroupingCategory>');
    expect(bankAccount).toContain('<GroupingCode>1920</GroupingCode>');
  });
});
