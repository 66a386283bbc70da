import { companyOwner, type Client } from './api.ts';

/** A small chart for ledger tests: cash and bank (assets), sales (revenue), rent (expense), retained earnings (equity), two cost centers. */
export async function chartOfAccounts(api: Client, base: string) {
  const post = async (path: string, body: Record<string, unknown>) => {
    const r = await api.post(`${base}${path}`, body);
    if (r.status !== 200) throw new Error(`${path}: ${r.text}`);
    return r.body;
  };
  const n = (english: string, arabic: string) => ({ english, arabic });
  const assets = await post('/Accounts', { code: '1', name: n('Assets', 'الأصول'), type: 'category', classification: 'asset' });
  const cash = await post('/Accounts', { code: '1101', name: n('Cash', 'النقدية'), type: 'leaf', parentId: assets.id });
  const bank = await post('/Accounts', { code: '1102', name: n('Bank', 'البنك'), type: 'leaf', parentId: assets.id });
  const equity = await post('/Accounts', { code: '3', name: n('Equity', 'حقوق الملكية'), type: 'category', classification: 'equity' });
  const retained = await post('/Accounts', { code: '3101', name: n('Retained earnings', 'أرباح مبقاة'), type: 'leaf', parentId: equity.id });
  const revenue = await post('/Accounts', { code: '4', name: n('Revenue', 'الإيرادات'), type: 'category', classification: 'revenue' });
  const sales = await post('/Accounts', { code: '4101', name: n('Sales', 'المبيعات'), type: 'leaf', parentId: revenue.id });
  const expenses = await post('/Accounts', { code: '5', name: n('Expenses', 'المصروفات'), type: 'category', classification: 'expense' });
  const rent = await post('/Accounts', { code: '5101', name: n('Rent', 'الإيجار'), type: 'leaf', parentId: expenses.id });
  const hq = await post('/CostCenters', { code: 'HQ', name: n('Head office', 'المركز الرئيسي') });
  const branch = await post('/CostCenters', { code: 'BR', name: n('Branch', 'الفرع') });
  return { assets, cash, bank, equity, retained, revenue, sales, expenses, rent, hq, branch };
}

/** The owner of a fresh company with the small chart and the year 2026. */
export async function companyBooks(baseUrl: () => string, baseCurrency = 'SAR') {
  const owner = await companyOwner(baseUrl, { baseCurrency });
  const chart = await chartOfAccounts(owner.api, owner.base);
  const year = await year2026(owner.api, owner.base);
  return { ...owner, chart, year };
}

/** A financial year for 2026 with monthly periods. */
export async function year2026(api: Client, base: string) {
  const r = await api.post(`${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });
  if (r.status !== 200) throw new Error(r.text);
  return r.body;
}

export const debit = (accountId: string, amount: number | string, costCenterId?: string) => ({ accountId, side: 1, amount, ...(costCenterId ? { costCenterId } : {}) });
export const credit = (accountId: string, amount: number | string, costCenterId?: string) => ({ accountId, side: 2, amount, ...(costCenterId ? { costCenterId } : {}) });

/** A draft dated `day` at 09:00; throws unless it is created. */
export async function draftJournal(api: Client, base: string, entries: unknown[], day = '2026-03-15') {
  const r = await api.post(`${base}/Journals`, { date: `${day}T09:00:00Z`, entries });
  if (r.status !== 200) throw new Error(r.text);
  return r.body;
}

/** A journal created on `day` and posted on the same day; throws when either step fails. */
export async function postedJournal(api: Client, base: string, day: string, entries: unknown[]) {
  const created = await api.post(`${base}/Journals`, { date: `${day}T08:00:00Z`, entries });
  const posted = await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate: day, version: 1 });
  if (posted.status !== 200) throw new Error(posted.text);
  return posted.body;
}

/** A wide chart: `leaves` expense accounts (codes 5000...), a bank account, `centers` cost centers and the year 2026. */
export async function wideChart(api: Client, base: string, sizes: { leaves: number; centers: number }) {
  const post = async (path: string, body: unknown) => {
    const r = await api.post(`${base}${path}`, body);
    if (r.status !== 200) throw new Error(`${path}: ${r.text}`);
    return r.body;
  };
  const n = (code: string) => ({ english: code, arabic: code });
  const expenses = await post('/Accounts', { code: '5', name: n('Expenses'), type: 'category', classification: 'expense' });
  // A hundred at a time: a thousand sockets at once to the in-process gateway can outrun a loaded machine.
  const leaves: Array<Awaited<ReturnType<typeof post>>> = [];
  for (let from = 0; from < sizes.leaves; from += 100) {
    const chunk = Array.from({ length: Math.min(100, sizes.leaves - from) }, (_, k) => from + k);
    leaves.push(...(await Promise.all(chunk.map((i) => post('/Accounts', { code: `5${String(i).padStart(3, '0')}`, name: n(`E${i}`), type: 'leaf', parentId: expenses.id })))));
  }
  const assets = await post('/Accounts', { code: '1', name: n('Assets'), type: 'category', classification: 'asset' });
  const bank = await post('/Accounts', { code: '11', name: n('Bank'), type: 'leaf', parentId: assets.id });
  const centers = await Promise.all(Array.from({ length: sizes.centers }, (_, i) => post('/CostCenters', { code: `C${i}`, name: n(`C${i}`) })));
  const year = await year2026(api, base);
  return { leaves, bank, centers, year };
}

/**
 * A draft of two lines per leaf of a wideChart (each leaf debited in the first two cost centers,
 * 1.01 and 2.02 times its index) and the bank credited the total in each: for 29 leaves, 210
 * balance and ledger writes, so its posting runs as a job of three chunks.
 */
export async function wideDraft(api: Client, base: string, books: Awaited<ReturnType<typeof wideChart>>, date = '2026-03-10') {
  const [a, b] = books.centers.map((c: { id: string }) => c.id);
  const lines = books.leaves.flatMap((leaf: { id: string }, i: number) => [debit(leaf.id, ((i + 1) * 1.01).toFixed(2), a), debit(leaf.id, ((i + 1) * 2.02).toFixed(2), b)]);
  const perCenter = (factor: number) => books.leaves.reduce((s: number, _: unknown, i: number) => s + Math.round((i + 1) * factor * 100), 0) / 100;
  lines.push(credit(books.bank.id, perCenter(1.01).toFixed(2), a), credit(books.bank.id, perCenter(2.02).toFixed(2), b));
  const r = await api.post(`${base}/Journals`, { date: `${date}T00:00:00Z`, entries: lines });
  if (r.status !== 200) throw new Error(r.text);
  return { draft: r.body, total: (perCenter(1.01) + perCenter(2.02)).toFixed(2) };
}
