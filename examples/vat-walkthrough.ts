import createClient from 'openapi-fetch';
import type { paths } from './client/schema.d.ts';

/**
 * VAT in Saudi Arabia with the typed client: a company registered with ZATCA loads the standard
 * tax codes, posts a taxed sale and a taxed purchase (the service adds the VAT lines), and prints
 * the month's VAT return, box by box.
 *
 *   npm start                                            # in one shell
 *   TOKEN=$(npm run -s token -- --email you@example.com) npm run vat-walkthrough
 *
 * It finds the running stack as `npm run token` does; LEDGER_URL sends it to another address.
 */
type Log = (line: string) => void;

export async function vatWalkthrough(baseUrl: string, token: string, log: Log = console.log) {
  const api = createClient<paths, 'application/json'>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
  const ok = <T>(result: { data?: T; error?: unknown; response: Response }): T => {
    if (result.error !== undefined || result.data === undefined) throw new Error(`${result.response.status} ${JSON.stringify(result.error)}`);
    return result.data;
  };
  const name = (english: string, arabic: string) => ({ english, arabic });

  const company = ok(await api.POST('/api/v1/Companies', { body: { name: 'Riyadh Trading', baseCurrency: 'SAR' } }));
  const companyId = company.id;
  const path = { path: { companyId } };
  const settings = ok(await api.PUT('/api/v1/Companies/{companyId}/Settings', { params: path, body: { taxJurisdiction: 'SA', taxRegistrationNumber: '310123456700003', version: company.settings.version } }));
  log(`company ${company.name}, VAT number ${settings.taxRegistrationNumber} (${settings.taxJurisdiction})`);

  const account = async (code: string, english: string, arabic: string, parent: { id: string } | null, classification?: 'asset' | 'liability' | 'revenue' | 'expense') =>
    ok(await api.POST('/api/v1/Companies/{companyId}/Accounts', { params: path, body: { code, name: name(english, arabic), type: parent ? 'leaf' : 'category', ...(parent ? { parentId: parent.id } : { classification }) } }));
  const assets = await account('1', 'Assets', 'الأصول', null, 'asset');
  const bank = await account('1102', 'Bank', 'البنك', assets);
  const inputVat = await account('1201', 'Input VAT', 'ضريبة القيمة المضافة على المدخلات', assets);
  const liabilities = await account('2', 'Liabilities', 'الخصوم', null, 'liability');
  const outputVat = await account('2201', 'Output VAT', 'ضريبة القيمة المضافة على المخرجات', liabilities);
  const revenue = await account('4', 'Revenue', 'الإيرادات', null, 'revenue');
  const sales = await account('4101', 'Sales', 'المبيعات', revenue);
  const expenses = await account('5', 'Expenses', 'المصروفات', null, 'expense');
  const supplies = await account('5102', 'Office supplies', 'لوازم مكتبية', expenses);
  ok(await api.POST('/api/v1/Companies/{companyId}/FinancialYears', { params: path, body: { startDate: '2026-01-01', endDate: '2026-12-31' } }));

  const codes = ok(await api.POST('/api/v1/Companies/{companyId}/TaxCodes/Standard', { params: path, body: { outputTaxAccountId: outputVat.id, inputTaxAccountId: inputVat.id } }));
  log(`standard tax codes: ${codes.results.map((c) => c.code).join(', ')}`);

  const post = async (description: string, amountsIncludeTax: boolean, entries: Array<{ accountId: string; side: 1 | 2; amount: number; taxCode?: string }>) => {
    const draft = ok(await api.POST('/api/v1/Companies/{companyId}/Journals', { params: path, body: { date: '2026-03-10T09:00:00Z', description, amountsIncludeTax, entries } }));
    const posted = ok(await api.POST('/api/v1/Companies/{companyId}/Journals/{id}/Post', { params: { path: { companyId, id: draft.id } }, body: { postingDate: '2026-03-10', version: draft.version } }));
    log(`journal #${posted.serialNumber} ${description}:`);
    for (const e of posted.entries) log(`  ${e.side === 1 ? 'debit ' : 'credit'} ${e.amount.toFixed(2)} ${e.accountId === outputVat.id ? 'Output VAT' : e.accountId === inputVat.id ? 'Input VAT' : e.accountId === sales.id ? 'Sales' : e.accountId === bank.id ? 'Bank' : 'Office supplies'}${e.tax ? ` (${e.tax.taxCode} at ${e.tax.percent}%: VAT ${e.tax.taxAmount.toFixed(2)}, boxes ${e.tax.baseBoxes.join(', ')})` : ''}${e.taxOf !== null ? ` (VAT of line ${e.taxOf})` : ''}`);
  };
  // The sale's 1000.00 comes to 1150.00 with its VAT; the purchase's 460.00 includes its VAT.
  await post('Sale, VAT on top', false, [{ accountId: bank.id, side: 1, amount: 1150 }, { accountId: sales.id, side: 2, amount: 1000, taxCode: 'S-STD' }]);
  await post('Purchase, VAT included', true, [{ accountId: supplies.id, side: 1, amount: 460, taxCode: 'P-STD' }, { accountId: bank.id, side: 2, amount: 460 }]);

  const vat = ok(await api.GET('/api/v1/Companies/{companyId}/Reports/VatReturn', { params: { path: { companyId }, query: { dateFrom: '2026-03-01', dateTo: '2026-03-31' } } }));
  log(`VAT return ${vat.dateFrom} to ${vat.dateTo} (${vat.currency}), boxes with figures:`);
  for (const b of vat.boxes) {
    if ([b.amount, b.tax].some((f) => f !== null && Number(f) !== 0)) log(`  ${b.box.padStart(2)} ${b.name.english}: ${b.amount ?? '-'} / VAT ${b.tax ?? '-'}`);
  }
  log(`net VAT due: ${vat.netDue}`);
  return { companyId, vat };
}

if (import.meta.main) {
  const token = process.env.TOKEN;
  if (!token) {
    console.error('Set TOKEN: TOKEN=$(npm run -s token -- --email you@example.com) npm run vat-walkthrough');
    process.exit(2);
  }
  const { findRunningStack } = await import('../infra/local/running-stack.ts');
  const baseUrl = process.env.LEDGER_URL ?? (await findRunningStack()).api;
  await vatWalkthrough(baseUrl, token);
}
