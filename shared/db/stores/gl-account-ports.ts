import type { AccountAttributes } from '../../accounts/records.ts';
import type { GlAccountReads } from '../../audit-data/store.ts';
import { nodesPage } from './nodes/node-pages.ts';
import { ancestorChains } from './nodes/node-reads.ts';

/**
 * The auditors' chart of accounts' port (audit-data/store.ts): a page of accounts and their
 * ancestors, through the node reads themselves, not the account kind's store, whose class
 * carries every read into the bundle.
 */
export const glAccountReads: GlAccountReads = {
  page: (companyId, endpoint, query, filters) => nodesPage<AccountAttributes>('ACCOUNT', companyId, endpoint, query, filters),
  chains: (companyId, nodes) => ancestorChains('ACCOUNT', 'The account', companyId, nodes),
};
