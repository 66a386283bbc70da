import { journalsPage } from '../db/journal-queries.ts';
import { mustGetJournal } from '../db/journal-store.ts';
import { mapPage } from '../db/paginate.ts';
import type { Page } from '../schemas/list-query.ts';
import type { ListJournalsInput } from './schemas.ts';
import { journalView, type JournalView } from './views.ts';

/** Errors: NotFound. */
export async function getJournalView(companyId: string, journalId: string): Promise<JournalView> {
  return journalView(await mustGetJournal(companyId, journalId));
}

/**
 * orderBy `Date` (calendar date, then time, then id) or `SerialNumber`. Filters: `dateFrom`
 * and `dateTo` (calendar dates, inclusive), `status`; `keyword` matches the serial number,
 * description and reference. Errors: ValidationError (InvalidCursor).
 */
export async function listJournals(companyId: string, query: ListJournalsInput): Promise<Page<JournalView>> {
  const filters = { dateFrom: query.dateFrom, dateTo: query.dateTo, status: query.status, keyword: query.keyword?.toLowerCase() ?? '' };
  return mapPage(await journalsPage(companyId, query, filters), journalView);
}
