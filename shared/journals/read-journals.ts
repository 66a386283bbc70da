import type { NodeAttributes, NodeRecord } from '../tree/records.ts';
import type { NodeReads } from '../tree/store.ts';
import { toMils } from '../money/mils.ts';
import { mapPage, type Page } from '../schemas/list-query.ts';
import { subtreeIds } from '../tree/rules.ts';
import { isEmptyFilter, journalMatches, type JournalLineFilter } from './journal-filter.ts';
import type { ListJournalsInput } from './schemas.ts';
import type { FilterNodes, JournalFilters, JournalGetting, JournalListing } from './store.ts';
import { journalView, type JournalView } from './views.ts';

/** Errors: NotFound. */
export async function getJournalView(journals: JournalGetting, companyId: string, journalId: string): Promise<JournalView> {
  return journalView(await journals.existingJournal(companyId, journalId));
}

/**
 * orderBy `Date` (calendar date, then time, then id) or `SerialNumber`. Filters, all combinable:
 * `dateFrom` and `dateTo` (calendar dates, inclusive), `status`, `serialFrom` and `serialTo`
 * (inclusive), `accountId` and `costCenterId` (UUID or path; a category means its subtree; with
 * both, one line must match both), `amountFrom` and `amountTo` (the journal's total, inclusive),
 * `reference` (whole, ignoring case); `keyword` matches the serial number, description and
 * reference. A filtered request examines a bounded number of journals (journal-queries.ts): a
 * page may hold fewer than pageSize, even none, and still have a nextPage.
 * Errors: NotFound naming `accountId` or `costCenterId`, ValidationError (InvalidCursor).
 */
export async function listJournals(journals: JournalListing, companyId: string, query: ListJournalsInput): Promise<Page<JournalView>> {
  return mapPage(await journals.page(companyId, query, await journalFilters(journals, companyId, query)), journalView);
}

/**
 * The list's filters as the journal queries take them: the accountId and costCenterId subtrees
 * resolved, the line filters bound into the cursor. The list and its export select alike.
 * Errors: NotFound naming accountId or costCenterId.
 */
export async function journalFilters(nodes: FilterNodes, companyId: string, query: ListJournalsInput): Promise<JournalFilters> {
  const [account, costCenter] = await Promise.all([
    query.accountId === undefined ? undefined : subtreeOf(nodes.filterNodes.accounts, companyId, query.accountId, 'accountId'),
    query.costCenterId === undefined ? undefined : subtreeOf(nodes.filterNodes.costCenters, companyId, query.costCenterId, 'costCenterId'),
  ]);
  const lineFilter: JournalLineFilter = {
    accountIds: account?.ids,
    costCenterIds: costCenter?.ids,
    amountFrom: query.amountFrom === undefined ? undefined : toMils(query.amountFrom),
    amountTo: query.amountTo === undefined ? undefined : toMils(query.amountTo),
    reference: query.reference,
  };
  return {
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    status: query.status,
    serialFrom: query.serialFrom,
    serialTo: query.serialTo,
    keyword: query.keyword?.toLowerCase() ?? '',
    createdBy: query.createdBy,
    postedBy: query.postedBy,
    matches: isEmptyFilter(lineFilter)
      ? undefined
      : {
          test: (journal: Parameters<typeof journalMatches>[1]) => journalMatches(lineFilter, journal),
          // Bound by what was asked (the resolved node, not how it was named), so a cursor serves one filter.
          binding: { accountId: account?.id ?? null, costCenterId: costCenter?.id ?? null, amountFrom: query.amountFrom ?? null, amountTo: query.amountTo ?? null, reference: query.reference?.toLowerCase() ?? null },
        },
  };
}

/** The node a reference names and the ids of its subtree (itself alone for a node without children). */
async function subtreeOf<A extends NodeAttributes>(store: Pick<NodeReads<A>, 'resolve' | 'all'>, companyId: string, reference: string, field: string): Promise<{ id: string; ids: Set<string> }> {
  const node: NodeRecord<A> = await store.resolve(companyId, reference, field);
  if ((node.levels[0] ?? 0) === 0) return { id: node.id, ids: new Set([node.id]) };
  return { id: node.id, ids: subtreeIds(await store.all(companyId), node.id) };
}
