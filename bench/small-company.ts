import type { BenchStack } from './local-stack.ts';

/**
 * A company with the year 2026 and `leaves` leaf accounts, half under an asset root and half
 * under a revenue root, made over the API. `createdAt`: just after the company was created.
 */
export async function smallCompany(stack: BenchStack, name: string, leaves = 2) {
  const created = await stack.ok('POST', '/api/v1/Companies', { name, baseCurrency: 'SAR' });
  const createdAt = Date.now();
  const base = `/api/v1/Companies/${created.id}`;
  const accounts: string[] = [];
  for (const [code, classification] of [['1', 'asset'], ['4', 'revenue']] as const) {
    const root = await stack.ok('POST', `${base}/Accounts`, { code, name: { english: code, arabic: code }, type: 'category', classification });
    for (let i = 0; i < leaves / 2; i++) accounts.push((await stack.ok('POST', `${base}/Accounts`, { code: `${code}${i}`, name: { english: `${code}${i}`, arabic: `${code}${i}` }, type: 'leaf', parentId: root.id })).id);
  }
  const year = await stack.ok('POST', `${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });
  return { companyId: created.id as string, createdAt, base, accounts, year };
}
