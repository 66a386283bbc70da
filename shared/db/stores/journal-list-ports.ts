import type { JournalGetting, JournalListing } from '../../journals/store.ts';
import { journalsPage } from '../ledger/journal-queries.ts';
import { mustGetNumberedJournal, withEntryNumbers } from '../ledger/entry-number-reads.ts';
import { resolveNode } from './nodes/node-paths.ts';
import { allNodes } from './nodes/node-reads.ts';
import type { AccountAttributes } from '../../accounts/records.ts';
import type { CostCenterAttributes } from '../../cost-centers/records.ts';

/** The journal reads' ports (journals/store.ts), one per use case. */
export const journalGetting: JournalGetting = { existingJournal: mustGetNumberedJournal };

/** The nodes a list's filters name, by two plain reads each (not the kinds' whole stores). */
export const filterNodes: JournalListing['filterNodes'] = {
  accounts: { resolve: (companyId, reference, field) => resolveNode<AccountAttributes>('ACCOUNT', 'The account', companyId, reference, field), all: (companyId) => allNodes<AccountAttributes>('ACCOUNT', companyId) },
  costCenters: { resolve: (companyId, reference, field) => resolveNode<CostCenterAttributes>('COST_CENTER', 'The cost center', companyId, reference, field), all: (companyId) => allNodes<CostCenterAttributes>('COST_CENTER', companyId) },
};

/** A page of journals, each with its entry number when it has one (one more read, of the page's numbers). */
export const journalListing: JournalListing = {
  page: async (companyId, query, filters) => {
    const page = await journalsPage(companyId, query, filters);
    return { ...page, results: await withEntryNumbers(companyId, page.results) };
  },
  filterNodes,
};
