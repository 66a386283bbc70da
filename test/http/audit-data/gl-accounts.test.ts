import { describe, expect, it } from 'vitest';
import { useGateway, type ApiResponse } from '../../support/api.ts';
import { companyBooks } from '../../support/ledger.ts';

/** The auditors' chart of accounts (GET .../AuditData/GL/Accounts): GLAccountDetails records, a page at a time by code. */
const gateway = useGateway();

describe('the auditors\' chart of accounts', () => {
  it('answers every account with its path, parent, names and type, a page at a time', async () => {
    // Arrange: the small chart, and a category two levels deep.
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    const current = (await api.post(`${base}/Accounts`, { code: '11', name: { english: 'Current assets', arabic: 'الأصول المتداولة' }, type: 'category', parentId: chart.assets.id })).body;
    await api.post(`${base}/Accounts`, { code: '1110', name: { english: 'Petty cash', arabic: 'العهد' }, type: 'leaf', parentId: current.id });

    // Act
    const results: any[] = [];
    let page: string | null = null;
    do {
      const r: ApiResponse = await api.get(`${base}/AuditData/GL/Accounts?pageSize=4${page ? `&page=${encodeURIComponent(page)}` : ''}`);
      expect(r.status, r.text).toBe(200);
      results.push(...r.body.results);
      page = r.body.nextPage;
    } while (page);

    // Assert
    expect(results.map((a) => a.glAccountNumber)).toEqual(['1', '1.11', '1.1101', '1.1102', '1.11.1110', '3', '3.3101', '4', '4.4101', '5', '5.5101']);
    expect(results.find((a) => a.glAccountNumber === '1.11.1110')).toEqual({
      entityIdentifier: companyId,
      glAccountNumber: '1.11.1110',
      glAccountName: 'Petty cash',
      accountType: 'Asset',
      glAccountDescription: 'العهد',
      parentGLAccountNumber: '1.11',
      sourceSystem: 'Ledger API',
    });
    expect(results.find((a) => a.glAccountNumber === '4')).toEqual({ entityIdentifier: companyId, glAccountNumber: '4', glAccountName: 'Revenue', accountType: 'Revenue', glAccountDescription: 'الإيرادات', sourceSystem: 'Ledger API' });
    expect(results.filter((a) => a.glAccountNumber.startsWith('5')).map((a) => a.accountType)).toEqual(['Expense', 'Expense']);
  });

  it('refuses an altered cursor and a page size out of range, naming the field', async () => {
    const { api, base } = await companyBooks(gateway.url);
    const first = await api.get(`${base}/AuditData/GL/Accounts?pageSize=1`);

    const altered = await api.get(`${base}/AuditData/GL/Accounts?pageSize=1&page=${encodeURIComponent(`x${first.body.nextPage}`)}`);
    const tooLarge = await api.get(`${base}/AuditData/GL/Accounts?pageSize=101`);

    expect(altered.body.errors[0]).toMatchObject({ name: 'page', code: 'InvalidCursor' });
    expect([tooLarge.status, tooLarge.body.errors[0].name]).toEqual([400, 'pageSize']);
  });
});
