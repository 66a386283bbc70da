import { companyBooks } from './ledger.ts';

/** The small chart and the year 2026, with the balance-sheet accounts allocations move between: a prepaid asset, a liabilities root with deferred revenue and accrued expenses. */
export async function allocationBooks(baseUrl: () => string) {
  const books = await companyBooks(baseUrl);
  const post = async (path: string, body: Record<string, unknown>) => {
    const r = await books.api.post(`${books.base}${path}`, body);
    if (r.status !== 200) throw new Error(`${path}: ${r.text}`);
    return r.body;
  };
  const n = (english: string) => ({ english, arabic: english });
  const prepaid = await post('/Accounts', { code: '1301', name: n('Prepaid insurance'), type: 'leaf', parentId: books.chart.assets.id });
  const liabilities = await post('/Accounts', { code: '2', name: n('Liabilities'), type: 'category', classification: 'liability' });
  const deferred = await post('/Accounts', { code: '2201', name: n('Deferred revenue'), type: 'leaf', parentId: liabilities.id });
  const accrued = await post('/Accounts', { code: '2301', name: n('Accrued expenses'), type: 'leaf', parentId: liabilities.id });
  return { ...books, prepaid, liabilities, deferred, accrued };
}

export type AllocationBooks = Awaited<ReturnType<typeof allocationBooks>>;
