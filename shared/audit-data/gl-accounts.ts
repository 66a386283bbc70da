import { mapPage, type Page } from '../schemas/list-query.ts';
import type { GlAccountsInput } from './schemas.ts';
import type { GlAccountReads } from './store.ts';
import { glAccountDetailsView, type GlAccountDetails } from './views.ts';

/**
 * The chart of accounts as the AICPA Audit Data API's GLAccountDetails records, categories and
 * leaves alike, a page at a time by code (the accounts list's walk, ascending), each with its
 * path and its parent's. Errors: ValidationError (InvalidCursor).
 */
export async function glChartOfAccounts(accounts: GlAccountReads, companyId: string, endpoint: string, query: GlAccountsInput): Promise<Page<GlAccountDetails>> {
  const page = await accounts.page(companyId, endpoint, { page: query.page, pageSize: query.pageSize, orderBy: 'Code', orderAsc: true }, { keyword: '' });
  const chains = await accounts.chains(companyId, page.results);
  return mapPage(page, (account) => glAccountDetailsView(companyId, account, chains.get(account.id)!));
}
