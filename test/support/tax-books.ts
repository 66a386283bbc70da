import { companyBooks } from './ledger.ts';

/**
 * A company registered in `jurisdiction` (none for null), with the small chart and the year 2026,
 * an output VAT account (liability) and an input VAT account (asset); with `standard`, the
 * jurisdiction's standard tax codes loaded on them.
 */
export async function taxedBooks(baseUrl: () => string, jurisdiction: 'SA' | 'AE' | null, options: { standard?: boolean; defaultEmirate?: string } = {}) {
  const books = await companyBooks(baseUrl);
  const { api, base, chart } = books;
  const post = async (path: string, body: Record<string, unknown>) => {
    const r = await api.post(`${base}${path}`, body);
    if (r.status !== 200) throw new Error(`${path}: ${r.text}`);
    return r.body;
  };
  const liabilities = await post('/Accounts', { code: '2', name: { english: 'Liabilities', arabic: 'الخصوم' }, type: 'category', classification: 'liability' });
  const outputVat = await post('/Accounts', { code: '2201', name: { english: 'Output VAT', arabic: 'ضريبة المخرجات' }, type: 'leaf', parentId: liabilities.id });
  const inputVat = await post('/Accounts', { code: '1201', name: { english: 'Input VAT', arabic: 'ضريبة المدخلات' }, type: 'leaf', parentId: chart.assets.id });
  if (jurisdiction) {
    const { version } = (await api.get(`${base}/Settings`)).body;
    const set = await api.put(`${base}/Settings`, { taxJurisdiction: jurisdiction, ...(options.defaultEmirate ? { defaultEmirate: options.defaultEmirate } : {}), version });
    if (set.status !== 200) throw new Error(set.text);
  }
  const codes: Record<string, { id: string; code: string; version: number }> = {};
  if (options.standard) {
    const loaded = await post('/TaxCodes/Standard', { outputTaxAccountId: outputVat.id, inputTaxAccountId: inputVat.id });
    for (const code of loaded.results) codes[code.code] = code;
  }
  return { ...books, outputVat, inputVat, codes };
}
