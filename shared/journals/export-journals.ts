import { journalsPage } from '../db/journal-queries.ts';
import { ValidationError } from '../errors.ts';
import type { FileChoice } from '../exports/answer.ts';
import { namesShown } from '../exports/names-shown.ts';
import { renderFile } from '../exports/render.ts';
import { journalsTable } from '../exports/tables/journals.ts';
import type { FileBody } from '../http/file-body.ts';
import { reportContext } from '../reports/report-context.ts';
import { costCenterPaths } from '../reports/report-nodes.ts';
import { MAX_PAGE_SIZE } from '../schemas/list-query.ts';
import { journalFilters } from './read-journals.ts';
import type { JournalRecord } from './records.ts';
import type { ListJournalsInput } from './schemas.ts';

/**
 * The journals the list's filters select (dateFrom, dateTo, status, keyword), every one of them
 * rather than a page, as a CSV or XLSX file of their lines. A file lists them by date, oldest
 * first (the order of the books, and the one a too-large export's narrower range counts in),
 * whatever orderBy and orderAsc say; a cursor makes no sense for it.
 * Errors: ValidationError (`page`), ExportTooLarge.
 */
export async function exportJournals(companyId: string, query: ListJournalsInput, choice: FileChoice): Promise<FileBody> {
  if (query.page) throw ValidationError.field('page', 'is not taken by an export, which holds every journal the filters select');
  const shown = namesShown(choice.permissions);
  const [ctx, centers, filters] = await Promise.all([reportContext(companyId), shown.costCenters ? costCenterPaths(companyId) : new Map<string, string>(), journalFilters(companyId, query)]);
  async function* journals(): AsyncGenerator<JournalRecord> {
    let page: string | undefined;
    do {
      const read = await journalsPage(companyId, { pageSize: MAX_PAGE_SIZE, page, orderBy: 'Date', orderAsc: true }, filters);
      yield* read.results;
      page = read.nextPage ?? undefined;
    } while (page);
  }
  const books = { chart: ctx.chart, costCenterPaths: centers, currency: ctx.currency, precision: ctx.precision, shown };
  return renderFile(journalsTable(journals(), books, query, choice.language), choice.format, choice.limits, query.dateFrom);
}
